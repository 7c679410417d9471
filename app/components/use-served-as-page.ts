import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

/**
 * Whether what is open (`open`: a password-update step, the privacy choices) is the page the server
 * drew: it was open when the page hydrated, and stays so until it closes. Such a view stays a page
 * when the script runs, so nothing typed on it is lost and nothing moves; one opened afterwards is a
 * modal. Without JavaScript it is always the page.
 */
export function useServedAsPage(open: boolean): boolean {
  const hydrated = useHydrated();
  const [servedAsPage, setServedAsPage] = useState(!hydrated && open);
  if (servedAsPage && !open) setServedAsPage(false);
  return !hydrated || servedAsPage;
}
