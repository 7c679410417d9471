import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

/**
 * Whether what is `open` was open when the page hydrated (until it closes): such a view stays the page, so nothing
 * typed is lost and nothing moves; one opened afterwards is a modal.
 */
export function useServedAsPage(open: boolean): boolean {
  const hydrated = useHydrated();
  const [servedAsPage, setServedAsPage] = useState(!hydrated && open);
  if (servedAsPage && !open) setServedAsPage(false);
  return !hydrated || servedAsPage;
}
