import { formatMoment } from "./clock-time";

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  return CALENDAR_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/**
 * A calendar day (YYYY-MM-DD) as the page's language writes it ('November 10, 2026', '10 de
 * noviembre de 2026'), by Intl's rules for the locale. Read and written in UTC: a day is a day,
 * wherever the server or the participant is.
 */
export function calendarDate(isoDate: string, language: string): string {
  return formatMoment(Date.parse(`${isoDate}T00:00:00Z`), language, { day: "numeric", month: "long", year: "numeric" }, "UTC");
}
