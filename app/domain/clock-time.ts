import { notedText } from "./intl-notes";

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Where a moment is written: in a named zone, or in the participant's own, as a writer off the page's
 * main thread gives it, the named zone `until` then (see `writeOwnZoneWith`).
 */
export type MomentZone = string | { own: true; until: string };

export type OwnZoneMoment = { epochMs: number; locale: string; options: Omit<Intl.DateTimeFormatOptions, "timeZone"> };

/** Gives a moment in the browser's own zone once it has been written, else undefined (and has it written). */
export interface OwnZoneWriter {
  written(key: string, moment: OwnZoneMoment): string | undefined;
}

let ownZone: OwnZoneWriter | null = null;

/**
 * In the browser: moments in the participant's own zone are written by `writer` (a worker), so the
 * page's main thread never builds a date formatter, whose first costs more than hydrating the page
 * (docs/performance.md). Without one (null), they are written at once, in the process's own zone.
 */
export function writeOwnZoneWith(writer: OwnZoneWriter | null): void {
  ownZone = writer;
}

/** One Intl formatter per page language, shape and time zone for the process (building one costs more than the page's other text). */
function format(epochMs: number, locale: string, options: OwnZoneMoment["options"], timeZone: string | undefined): string {
  const key = `${locale}|${timeZone ?? ""}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(epochMs);
}

/** A moment in the page's language; in a named zone as the server wrote it (app/domain/intl-notes.ts). */
export function formatMoment(epochMs: number, language: string, options: OwnZoneMoment["options"], zone: MomentZone): string {
  const locale = language === "es" ? "es" : "en-US";
  if (typeof zone === "string") {
    return notedText(`moment|${locale}|${zone}|${JSON.stringify(options)}|${epochMs}`, () => format(epochMs, locale, options, zone));
  }
  // The participant's own zone is only the browser's to know: never noted.
  if (!ownZone) return format(epochMs, locale, options, undefined);
  const written = ownZone.written(`${locale}|${JSON.stringify(options)}|${epochMs}`, { epochMs, locale, options });
  return written ?? formatMoment(epochMs, language, options, zone.until);
}

/** A time never wraps, and the server and every browser (whose ICU versions space it differently) write the same text. */
function unbroken(text: string): string {
  return text.replace(/\s/g, "\u00a0");
}

/**
 * An hour of the day as the page's language writes it ('6 AM' in English, '6 a. m.' in Spanish):
 * Intl's own rules for the locale, never a hand-made suffix.
 */
export function hourOfDay(hour: number, language: string): string {
  return unbroken(formatMoment(Date.UTC(2000, 0, 1, hour), language, { hour: "numeric", hour12: true }, "UTC"));
}

/**
 * A moment as a clock time with its time zone ('2:45 PM UTC', '14:45 UTC'), in the page's language.
 * The server passes its own zone, so the page says which; the browser asks for the participant's own.
 */
export function clockTime(epochMs: number, language: string, timeZone: MomentZone): string {
  return unbroken(formatMoment(epochMs, language, { hour: "numeric", minute: "2-digit", timeZoneName: "short" }, timeZone));
}

/** A day and a time with its zone ('November 24, 2026, 4:12 PM UTC'), in the page's language; `timeZone` as for clockTime. */
export function dayAndTime(epochMs: number, language: string, timeZone: MomentZone): string {
  return formatMoment(
    epochMs,
    language,
    { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
    timeZone,
  );
}
