/** How far PageUp / PageDown move in a select's option list (SPEC.md §9). */
export const SELECT_PAGE_SIZE = 5;

/**
 * The option index a navigation key moves to, or null for keys that do not navigate.
 * Movement stops at the ends of the list rather than wrapping.
 */
export function indexAfterKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : clamp(current + 1);
    case "ArrowUp":
      return current < 0 ? last : clamp(current - 1);
    case "Home":
      return 0;
    case "End":
      return last;
    case "PageDown":
      return clamp(current + SELECT_PAGE_SIZE);
    case "PageUp":
      return clamp(current - SELECT_PAGE_SIZE);
    default:
      return null;
  }
}

/** Index of the first label starting with the typed character (ignoring case), or -1. */
export function indexStartingWith(labels: readonly string[], typed: string, locale?: string): number {
  const wanted = typed.toLocaleLowerCase(locale);
  return labels.findIndex((label) => label.trimStart().toLocaleLowerCase(locale).startsWith(wanted));
}

/** A single printable character typed without modifiers, as used for type-to-select. */
export function isTypeaheadKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey;
}
