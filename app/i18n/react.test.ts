import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderTranslatedMarkup, Trans, TranslationProvider, translatorForCatalogs, useTranslation } from "~/i18n/react";
import { createTranslator } from "~/i18n/translate";

const catalogs = {
  common: { hello: "Hello {{name}}", contact: "Write to <support>our team</support> or <phone>{{phone}}</phone>.", bye: "Bye" },
  dashboard: { title: "My Results" },
};
const translator = createTranslator("en", [catalogs]);

function Greeting({ namespace }: { namespace?: string }) {
  const { t, i18n } = useTranslation(namespace);
  return createElement("p", { lang: i18n.language }, namespace ? t("title") : t("hello", { name: "Ada" }));
}

function html(
  element: ReactElement,
  provider: (child: ReactElement) => ReactElement = (child) => createElement(TranslationProvider, { translator }, child),
) {
  return renderToStaticMarkup(provider(element));
}

describe("useTranslation", () => {
  it("translates with the provided translator, in the default or a named namespace", () => {
    expect(html(createElement(Greeting))).toBe('<p lang="en">Hello Ada</p>');
    expect(html(createElement(Greeting, { namespace: "dashboard" }))).toBe('<p lang="en">My Results</p>');
  });

  it("shows keys without a provider, and builds one translator per catalogs object (one per language on the server)", () => {
    expect(renderToStaticMarkup(createElement(Greeting))).toBe('<p lang="en">hello</p>');
    const spanish = { common: { hello: "Hola {{name}}" } };
    expect(translatorForCatalogs("es", spanish)).toBe(translatorForCatalogs("es", spanish));
    const provided = createElement(TranslationProvider, { translator: translatorForCatalogs("es", spanish) }, createElement(Greeting));
    expect(renderToStaticMarkup(provided)).toBe('<p lang="es">Hola Ada</p>');
  });
});

describe("Trans", () => {
  it("puts translated words inside the given components and fills values", () => {
    const markup = html(
      createElement(Trans, {
        i18nKey: "contact",
        values: { phone: "555" },
        components: { support: createElement("a", { href: "mailto:help@example.test" }), phone: createElement("a", { href: "tel:555" }) },
      }),
    );
    expect(markup).toBe('Write to <a href="mailto:help@example.test">our team</a> or <a href="tel:555">555</a>.');
  });

  it("uses a given t", () => {
    expect(html(createElement(Trans, { i18nKey: "title", t: translator.fixed("dashboard") }))).toBe("My Results");
  });
});

describe("renderTranslatedMarkup", () => {
  const bold = { b: createElement("strong") };
  const text = (nodes: ReturnType<typeof renderTranslatedMarkup>) => renderToStaticMarkup(createElement("div", null, ...nodes));

  it("nests components and keeps a self-closing component's own content", () => {
    expect(text(renderTranslatedMarkup("a <b>b <i>c</i></b> <br/>d", { ...bold, i: createElement("em"), br: createElement("br") }))).toBe(
      "<div>a <strong>b <em>c</em></strong> <br/>d</div>",
    );
  });

  it("keeps the words of a tag that has no component, and unmatched tags as text", () => {
    expect(text(renderTranslatedMarkup("x <u>y</u> z</b> <b>open", bold))).toBe("<div>x y z&lt;/b&gt; &lt;b&gt;open</div>");
  });

  it("returns plain text as one piece", () => {
    expect(renderTranslatedMarkup("no tags here")).toEqual(["no tags here"]);
  });
});
