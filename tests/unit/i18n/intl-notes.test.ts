import { afterAll, describe, expect, it } from "vitest";
import { calendarDate } from "~/domain/calendar-date";
import { clockTime, dayAndTime } from "~/domain/clock-time";
import { fileSize } from "~/domain/data-export";
import { keepIntlNotesIn } from "~/domain/intl-notes";
import { INTL_NOTES_ID } from "~/intl-notes-of-page";
import { withScriptsAfterFirstPaint } from "~/services/document-html.server";
import { noteIntlTextWhile } from "~/services/intl-notes.server";

afterAll(() => keepIntlNotesIn(null));

const moment = Date.UTC(2026, 10, 24, 16, 12);

describe("what a page's render writes with Intl, noted for the browser", () => {
  it("notes every date, time and size written in a named zone, and nothing written in the reader's own zone", async () => {
    const [, notes] = await noteIntlTextWhile(async () => {
      calendarDate("2026-11-10", "es");
      dayAndTime(moment, "en", "America/Chicago");
      fileSize(48_000, "en");
      clockTime(moment, "en", { own: true, until: "UTC" });
    });
    expect([...notes.values()]).toEqual(["10 de noviembre de 2026", dayAndTime(moment, "en", "America/Chicago"), "48 kB"]);
  });

  it("keeps each page's notes to itself while renders interleave", async () => {
    const render = (language: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      calendarDate("2026-11-10", language);
    };
    const [[, english], [, spanish]] = await Promise.all([noteIntlTextWhile(render("en")), noteIntlTextWhile(render("es"))]);
    expect([...english.values()]).toEqual(["November 10, 2026"]);
    expect([...spanish.values()]).toEqual(["10 de noviembre de 2026"]);
  });

  it("rides in the page beside its script, where no sequence in it can end the element", () => {
    const html = `<html><body><main>x</main><script type="module" nonce="n0nce">import "/assets/entry.client.js";</script></body></html>`;
    const page = withScriptsAfterFirstPaint(Buffer.from(html), new Map([["moment|key", "</script><b>"]])).toString();
    expect(page).toContain(
      `<script type="application/json" id="${INTL_NOTES_ID}" nonce="n0nce">{"moment|key":"\\u003c/script>\\u003cb>"}</script>`,
    );
    expect(withScriptsAfterFirstPaint(Buffer.from(html), new Map()).toString()).not.toContain(INTL_NOTES_ID);
  });

  it("in the browser, is read instead of formatting again, for the same moment, zone, shape and language only", () => {
    const read: string[] = [];
    keepIntlNotesIn({
      read: (key) => (read.push(key), key.includes("America/Chicago") ? "as the server wrote it" : undefined),
      write: () => {},
    });
    expect(dayAndTime(moment, "en", "America/Chicago")).toBe("as the server wrote it");
    expect(dayAndTime(moment, "en", "Europe/Madrid")).not.toBe("as the server wrote it");
    const readBefore = read.length;
    expect(clockTime(moment, "en", { own: true, until: "America/Chicago" })).not.toBe("as the server wrote it");
    expect(read.length).toBe(readBefore);
  });
});
