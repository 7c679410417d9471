import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/** On <html> once the page's JavaScript-only controls have replaced the server's (PageEnhancedMark). */
export const PAGE_ENHANCED_ATTRIBUTE = "data-enhanced";

/** Set once the page's controls have switched: a component that mounts after that starts enhanced. */
let pageEnhanced = false;

const neverChanges = () => () => {};
const isPageEnhanced = () => pageEnhanced;
const notWhileServerRendered = () => false;

/**
 * False while the server renders and during hydration, true once the browser runs
 * the page's JavaScript. Controls that only work with JavaScript render behind it,
 * so the server-rendered page never shows a button that does nothing.
 *
 * After hydration every such control switches in one transition, which React renders in slices
 * that yield to a tap. Read from an external store alone, the switch was one synchronous render of
 * the header, the footer and each control: the page's longest task after hydrating
 * (docs/performance.md). The store only says whether a component mounts into a page already enhanced
 * (the server's answer, false, while hydrating).
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
