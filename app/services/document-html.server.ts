import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";

/**
 * A portal page is complete without its script, which only adds behaviour once it has loaded
 * (SPEC: every page works with JavaScript off). So the browser is told to fetch the script's
 * modules at low priority: the stylesheet, the font and the first paint are not held up by some
 * thirty module downloads on a slow connection. React Router renders these links itself and offers no
 * way to set the attribute, so it is added to the rendered page.
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';

export function withLowPriorityModules(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}

const TITLE = /<title>([^<]*)<\/title>/;

/**
 * GOV.UK's pattern for WCAG 2.4.2: a page that shows validation errors says so first in its title.
 * The title is rendered before the form that knows about the errors, so the server adds the prefix
 * to the finished page; in the browser the error summary adds and removes it itself.
 */
export function withErrorTitle(html: string, prefix: string): string {
  if (!html.includes(PAGE_HAS_ERRORS_ATTRIBUTE)) return html;
  return html.replace(TITLE, (whole, title: string) => (title.startsWith(prefix) ? whole : `<title>${prefix}${title}</title>`));
}

/** React 19 writes the doctype itself when it renders a whole document: one, first, never two (the Nu checker's 'Stray doctype'). */
export function withDoctype(html: string): string {
  return /^<!DOCTYPE html>/i.test(html) ? html : `<!DOCTYPE html>${html}`;
}
