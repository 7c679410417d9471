import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Whether the element is in view inside its closest <details>: open, or no <details> around it.
 * False on the server and during hydration; follows the disclosure's toggles after that.
 */
export function useOpenDisclosure<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const element = useRef<T>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const details = element.current?.closest("details");
    if (!details) {
      setOpen(true);
      return;
    }
    const follow = () => setOpen(details.open);
    follow();
    details.addEventListener("toggle", follow);
    return () => details.removeEventListener("toggle", follow);
  }, []);
  return [element, open];
}
