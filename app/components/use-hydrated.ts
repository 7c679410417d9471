import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/**
 * False while the server renders and during hydration, true once the browser runs
 * the page's JavaScript. Controls that only work with JavaScript render behind it,
 * so the server-rendered page never shows a button that does nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
