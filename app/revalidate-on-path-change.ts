import type { ShouldRevalidateFunction } from "@remix-run/react";

/** A loader whose data follows the page (its translations, the session's end) runs again on every navigation to another path. */
export const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
