import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/** On <html> once the page's JavaScript-only controls have replaced the server's (PageEnhancedMark). */
export const PAGE_ENHANCED_ATTRIBUTE = "data-enhanced";

/** Set once the page's controls have switched: a component that mounts after that starts enhanced. */
let pageEnhanced = false;

const neverChanges = () => () => {};
const isPageEnhanced = () => pageEnhanced;
const notWhileServerRendered = () => false;

/**
 * False on the server and while hydrating, so the server's page never shows a control that needs JavaScript.
 * The switch is one transition, rendered in slices that yield to a tap: as one synchronous render it was the
 * page's longest task (docs/performance.md). The store only says whether a component mounts enhanced.
 */
export function useHydrated(): boolean {
  const mountsEnhanced = useSyncExternalStore(neverChanges, isPageEnhanced, notWhileServerRendered);
  const [hydrated, setHydrated] = useState(mountsEnhanced);
  useEffect(() => {
    if (hydrated) pageEnhanced = true;
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
