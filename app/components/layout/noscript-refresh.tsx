import { type Location, useLocation, useMatches } from "react-router";
import { usePageNeedsScripts } from "~/page-scripts";

/** Where a page without JavaScript goes next on its own, and after how many seconds. */
export type NoscriptRefresh = { seconds: number; to: string };

/** A route's handle may name a refresh for browsers without JavaScript, from its loader's data. */
export type NoscriptRefreshHandle = {
  noscriptRefresh?: (loaderData: unknown, location: Location) => NoscriptRefresh | null;
};

/**
 * The refresh the deepest route asks for, as a `<meta http-equiv="refresh">` in the document's head
 * (where HTML allows it), inside `<noscript>` so a page whose script already asks again is not
 * reloaded as well. A document sent without scripts has nothing else to move it on, so there the
 * refresh stands on its own; the same page reached by a navigation in the browser keeps its script.
 */
export function NoscriptRefreshMeta() {
  const matches = useMatches();
  const location = useLocation();
  const scriptFreeDocument = !usePageNeedsScripts() && typeof document === "undefined";
  for (const match of [...matches].reverse()) {
    const refresh = (match.handle as NoscriptRefreshHandle | undefined)?.noscriptRefresh?.(match.loaderData, location);
    if (!refresh) continue;
    const meta = <meta httpEquiv="refresh" content={`${refresh.seconds}; url=${refresh.to}`} />;
    return scriptFreeDocument ? meta : <noscript>{meta}</noscript>;
  }
  return null;
}
