const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale for the process: building one costs more than the page's other text. */
function hourFormatter(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { hour: "numeric", hour12: true, timeZone: "UTC" });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * An hour of the day as the page's language writes it ('6 AM' in English, '6 a. m.' in Spanish):
 * Intl's own rules for the locale, never a hand-made suffix. Its spaces become no-break spaces, so
 * the time never wraps and the server and every browser (whose ICU versions space it differently)
 * write the same text.
 */
export function hourOfDay(hour: number, language: string): string {
  return hourFormatter(language === "es" ? "es" : "en-US")
    .format(Date.UTC(2000, 0, 1, hour))
    .replace(/\s/g, "\u00a0");
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as a clock time with its time zone ('2:45 PM UTC', '14:45 UTC'), in the page's language.
 * `timeZone` undefined is the browser's own; the server passes its own zone, so the page says which.
 */
export function clockTime(epochMs: number, language: string, timeZone: string | undefined): string {
  const locale = language === "es" ? "es" : "en-US";
  const key = `${locale}|${timeZone ?? ""}`;
  let formatter = clockFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone });
    clockFormatters.set(key, formatter);
  }
  return formatter.format(epochMs).replace(/\s/g, "\u00a0");
}
