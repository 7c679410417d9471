import { AsyncLocalStorage } from "node:async_hooks";
import { keepIntlNotesIn } from "~/domain/intl-notes";

/** What one page's render wrote with Intl's formatters (app/domain/intl-notes.ts), by key. */
const pageNotes = new AsyncLocalStorage<Map<string, string>>();

keepIntlNotesIn({ read: () => undefined, write: (key, text) => pageNotes.getStore()?.set(key, text) });

/** Runs a page's render and gives back, beside what it rendered, what it wrote with Intl. */
export async function noteIntlTextWhile<T>(render: () => Promise<T>): Promise<[T, ReadonlyMap<string, string>]> {
  const notes = new Map<string, string>();
  const rendered = await pageNotes.run(notes, render);
  return [rendered, notes];
}
