import type { ShouldRevalidateFunction } from "react-router";

/** A loader whose data follows the page (its translations, the session's end) runs again on every navigation to another path. */
export const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
