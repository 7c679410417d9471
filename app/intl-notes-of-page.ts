import { keepIntlNotesIn } from "~/domain/intl-notes";

/** The id of the page's <script type="application/json"> with what its server wrote with Intl. */
export const INTL_NOTES_ID = "intl-notes";

function notesOfPage(): Record<string, string> {
  const text = document.getElementById(INTL_NOTES_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** In the browser: what the server wrote with Intl is read from the page (once, when first asked), not formatted again. */
export function readIntlNotesFromPage(): void {
  let written: Record<string, string> | null = null;
  keepIntlNotesIn({
    read: (key) => {
      written ??= notesOfPage();
      return Object.hasOwn(written, key) ? written[key] : undefined;
    },
    write: () => undefined,
  });
}
