import { useMatches } from "react-router";

/** `handle = { scripts: false }`: a page that gains nothing from script is sent without React Router's scripts. */
export interface ScriptsHandle {
  scripts?: false;
}

export function usePageNeedsScripts(): boolean {
  return useMatches().every((match) => (match.handle as ScriptsHandle | undefined)?.scripts !== false);
}
