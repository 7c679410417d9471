import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/languages";
import { createTranslator, interpolate, type Catalogs } from "~/i18n/translate";
import { resources } from "~/locales/resources.server";

function i18nextWith(options: { lng: string; fallbackLng: string | false; resources: Record<string, Catalogs> }): I18n {
  const instance = createInstance();
  void instance.init({
    ...options,
    defaultNS: "common",
    ns: Object.keys(resources.en),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

/** A value for every {{placeholder}} of a string, so both sides interpolate the same data. */
function valuesFor(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/\{\{-?\s*([^},\s]+)\s*\}\}/g)].map(([, name]) => [name!, `«${name}»`]));
}

describe("the portal's translator gives i18next's strings", () => {
  for (const language of supportedLanguages) {
    it(`every string of every namespace in ${language}, on the server (English fallback) and in the browser`, () => {
      const server = i18nextWith({ lng: language, fallbackLng: "en", resources });
      const browser = i18nextWith({ lng: language, fallbackLng: false, resources: { [language]: resources[language] } });
      const serverTranslator = createTranslator(language, [resources[language], resources.en]);
      const browserTranslator = createTranslator(language, [resources[language]]);
      let compared = 0;
      for (const [namespace, catalog] of Object.entries(resources[language])) {
        for (const key of leafKeys(catalog)) {
          const values = valuesFor(server.getFixedT(language, namespace)(key));
          expect(serverTranslator.fixed(namespace)(key, values), `${namespace}:${key}`).toBe(
            server.getFixedT(language, namespace)(key, values),
          );
          expect(serverTranslator.fixed(namespace)(key), `${namespace}:${key} without values`).toBe(
            server.getFixedT(language, namespace)(key),
          );
          expect(browserTranslator.fixed(namespace)(key, values), `${namespace}:${key} in the browser`).toBe(
            browser.getFixedT(language, namespace)(key, values),
          );
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(200);
    });
  }

  it("namespace prefixes, missing keys and the fallback language as i18next", () => {
    const server = i18nextWith({
      lng: "es",
      fallbackLng: "en",
      resources: {
        en: { common: { only: "English only", a: { b: "deep" } } },
        es: { common: { a: { b: "hondo" } }, auth: { x: "equis {{n}}" } },
      },
    });
    const translator = createTranslator("es", [
      { common: { a: { b: "hondo" } }, auth: { x: "equis {{n}}" } },
      { common: { only: "English only", a: { b: "deep" } } },
    ]);
    for (const [key, values] of [
      ["a.b"],
      ["only"],
      ["auth:x", { n: 3 }],
      ["missing.key"],
      ["missing {{n}}", { n: 1 }],
      ["nope:x"],
    ] as const) {
      expect(translator.fixed("common")(key, values), key).toBe(server.getFixedT("es", "common")(key, values));
    }
    // i18next answers a key that names a group with a sentence about objects; the portal with the key.
    expect(translator.fixed("common")("a")).toBe("a");
  });

  it("keeps the same function per namespace, so components can depend on it", () => {
    const translator = createTranslator("en", [resources.en]);
    expect(translator.fixed("dashboard")).toBe(translator.fixed("dashboard"));
    expect(translator.fixed()).toBe(translator.fixed("common"));
  });
});

describe("interpolate", () => {
  const reference = i18nextWith({
    lng: "en",
    fallbackLng: false,
    resources: { en: { common: { s: "{{a}}, {{ b }}, {{- c}}, {{d.e}}, {{missing}}, {{nil}}, {{undef}}" } } },
  });

  it("fills, trims and follows dotted names; keeps names not given; empties null and undefined", () => {
    const values = { a: 1, b: "two", c: "<i>", d: { e: "deep" }, nil: null, undef: undefined };
    expect(interpolate("{{a}}, {{ b }}, {{- c}}, {{d.e}}, {{missing}}, {{nil}}, {{undef}}", values)).toBe(reference.t("s", values));
    expect(interpolate("{{a}}, {{ b }}, {{- c}}, {{d.e}}, {{missing}}, {{nil}}, {{undef}}", values)).toBe(
      "1, two, <i>, deep, {{missing}}, , ",
    );
  });

  it("does not interpolate a value's own braces", () => {
    // i18next would replace the first "{{b}}" (the value's) here; the catalogs' values never hold braces.
    expect(interpolate("{{a}} {{b}}", { a: "{{b}}", b: "x" })).toBe("{{b}} x");
  });

  it("returns the text untouched without values", () => {
    expect(interpolate("Hello {{name}}")).toBe("Hello {{name}}");
  });
});
