import { useEffect } from "react";
import { PAGE_ENHANCED_ATTRIBUTE, useHydrated } from "~/components/use-hydrated";

/** Marks the page as enhanced in the same render that switches its controls, for tests and tools that wait for it. */
export function PageEnhancedMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(PAGE_ENHANCED_ATTRIBUTE, "");
  }, [hydrated]);
  return null;
}
