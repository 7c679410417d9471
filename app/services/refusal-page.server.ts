import escapeHtml from "escape-html";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterFallbackScreen } from "~/components/layout/error-screens";
import { TranslationProvider } from "~/i18n/react";
import { pageTranslator } from "./i18n.server";
import { detectLanguage } from "./language.server";

/** The statuses the server file's request guard answers before React Router sees a request. */
export type Refusal = 400 | 403 | 405 | 413;

const pages = new Map<string, string>();

/**
 * The 4xx screen the app's error boundary shows, without the header and footer (which need the
 * router), in the language the portal's one rule picks for this request (SPEC.md §4 'Language'),
 * styled by the build's stylesheets (server/app.ts reads them from the build's manifest).
 */
export async function renderRefusalPage(
  status: Refusal,
  request: { url: string; cookie?: string },
  stylesheets: readonly string[] = [],
): Promise<string> {
  // Joined, not resolved: a target like '//' resolves to another host (or none) and would not parse.
  const url = URL.parse(`http://portal.invalid${request.url}`) ?? new URL("http://portal.invalid/");
  const language = await detectLanguage(new Request(url, { headers: request.cookie ? { cookie: request.cookie } : {} }));
  const key = `${status}:${language}`;
  const cached = pages.get(key);
  if (cached) return cached;
  const translator = pageTranslator(language);
  const common = translator.fixed("common");
  const detail =
    status === 403
      ? translator.fixed("auth")("forbidden")
      : common({ 400: "errors.badRequest", 405: "errors.methodNotAllowed", 413: "errors.tooLarge" }[status]);
  const screen = renderToStaticMarkup(
    createElement(TranslationProvider, { translator }, createElement(RouterFallbackScreen, { status, detail })),
  );
  const stylesheet = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  const page =
    `<!DOCTYPE html><html lang="${language}" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(common("meta.title"))}</title>${stylesheet}</head>` +
    `<body><main id="main">${screen}</main></body></html>`;
  pages.set(key, page);
  return page;
}
