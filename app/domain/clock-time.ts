import { notedText } from "./intl-notes";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per page language, shape and time zone for the process (building one costs more than the page's other text). */
export function formatMoment(
  epochMs: number,
  language: string,
  options: Omit<Intl.DateTimeFormatOptions, "timeZone">,
  timeZone: string | undefined,
): string {
  const locale = language === "es" ? "es" : "en-US";
  const key = `${locale}|${timeZone ?? ""}|${JSON.stringify(options)}`;
  // The browser's own zone (undefined) is the browser's to write: never noted.
  return notedText(timeZone === undefined ? null : `moment|${key}|${epochMs}`, () => {
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formatters.set(key, formatter);
    }
    return formatter.format(epochMs);
  });
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
 * `timeZone` undefined is the browser's own; the server passes its own zone, so the page says which.
 */
export function clockTime(epochMs: number, language: string, timeZone: string | undefined): string {
  return unbroken(formatMoment(epochMs, language, { hour: "numeric", minute: "2-digit", timeZoneName: "short" }, timeZone));
}

/** A day and a time with its zone ('November 24, 2026, 4:12 PM UTC'), in the page's language; `timeZone` as for clockTime. */
export function dayAndTime(epochMs: number, language: string, timeZone: string | undefined): string {
  return formatMoment(
    epochMs,
    language,
    { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
    timeZone,
  );
}
