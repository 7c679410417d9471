/**
 * A portal page is complete without its script, which only adds behaviour once it has loaded
 * (SPEC: every page works with JavaScript off). So the browser is told to fetch the script's
 * modules at low priority: the stylesheet, the font and the first paint are not held up by some
 * thirty module downloads on a slow connection. Remix renders these links itself and offers no
 * way to set the attribute, so it is added to the rendered page.
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';

export function withLowPriorityModules(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}
