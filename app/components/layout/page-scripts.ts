import { useMatches } from "react-router";

/**
 * A page that works as plain HTML and gains nothing from script says so in its route module:
 * `export const handle = { scripts: false }`. Such a page is sent without React Router's scripts and
 * hydration data, so a browser has nothing to download, parse or hydrate there.
 */
export interface ScriptsHandle {
  scripts?: false;
}

export function usePageNeedsScripts(): boolean {
  return useMatches().every((match) => (match.handle as ScriptsHandle | undefined)?.scripts !== false);
}
