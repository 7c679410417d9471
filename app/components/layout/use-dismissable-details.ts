import { useEffect, useRef } from "react";

/** A <details> menu that, once JavaScript runs, also closes on Escape (focus back on its summary) and on a click outside it. */
export function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
      event.stopPropagation();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    const listening = new AbortController();
    details.addEventListener("keydown", onKeyDown, { signal: listening.signal });
    document.addEventListener("pointerdown", onPointerDown, { signal: listening.signal });
    return () => listening.abort();
  }, []);
  return ref;
}
