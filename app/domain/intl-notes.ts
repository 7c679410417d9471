/**
 * What the server wrote with Intl's formatters (dates, times, sizes), kept for the browser: the page
 * carries these notes (app/services/intl-notes.server.ts), and while the browser hydrates it reads
 * them instead of formatting again. The first Intl formatter a page builds costs the browser more
 * than the rest of hydrating the page (it loads the locale's data), docs/performance.md.
 */
export interface IntlNotes {
  read(key: string): string | undefined;
  write(key: string, text: string): void;
}

let notes: IntlNotes | null = null;

export function keepIntlNotesIn(keeper: IntlNotes | null): void {
  notes = keeper;
}

/**
 * The text for `key` as the server wrote it, or else `format()`'s (noted on the server). A key must
 * name everything the text depends on; null for text only the browser can write (its own time zone).
 */
export function notedText(key: string | null, format: () => string): string {
  if (key === null) return format();
  const noted = notes?.read(key);
  if (noted !== undefined) return noted;
  const text = format();
  notes?.write(key, text);
  return text;
}
