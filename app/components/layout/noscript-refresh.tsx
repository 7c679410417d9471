import { type Location, useLocation, useMatches } from "react-router";

/** A route's handle may name a refresh for browsers without JavaScript, from its loader's data. */
export type NoscriptRefreshHandle = {
  noscriptRefresh?: (loaderData: unknown, location: Location) => { seconds: number; to: string } | null;
};

/** The deepest route's refresh, in the head (where HTML allows it), inside `<noscript>`: a page whose script asks again is not reloaded. */
export function NoscriptRefreshMeta() {
  const matches = useMatches();
  const location = useLocation();
  for (const match of [...matches].reverse()) {
    const refresh = (match.handle as NoscriptRefreshHandle | undefined)?.noscriptRefresh?.(match.loaderData, location);
    if (refresh)
      return (
        <noscript>
          <meta httpEquiv="refresh" content={`${refresh.seconds}; url=${refresh.to}`} />
        </noscript>
      );
  }
  return null;
}
