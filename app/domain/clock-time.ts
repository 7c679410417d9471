type MomentShape = Omit<Intl.DateTimeFormatOptions, "timeZone">;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in the page's language, in the named time zone (the server writes its own), or in the
 * runtime's own zone when none is named (the browser's: the participant's). Each formatter is built
 * once per language, shape and zone: building one costs more than the rest of a moment's text.
 */
export function formatMoment(epochMs: number, language: string, shape: MomentShape, timeZone?: string): string {
  const locale = language === "es" ? "es" : "en-US";
  const key = `${locale}|${timeZone ?? ""}|${JSON.stringify(shape)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, { ...shape, timeZone })));
  return formatter.format(epochMs);
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

/** A moment as a clock time with its time zone ('2:45 PM UTC', '14:45 UTC'), in the page's language. */
export function clockTime(epochMs: number, language: string, timeZone?: string): string {
  return unbroken(formatMoment(epochMs, language, { hour: "numeric", minute: "2-digit", timeZoneName: "short" }, timeZone));
}

/** A day and a time with its zone ('November 24, 2026, 4:12 PM UTC'), in the page's language. */
export function dayAndTime(epochMs: number, language: string, timeZone?: string): string {
  const shape = { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;
  return formatMoment(epochMs, language, shape, timeZone);
}
