import * as z from "zod";
import { formatMoment } from "./clock-time";

const CALENDAR_DATE = z.iso.date();

/** 'YYYY-MM-DD' naming a day that exists (no 30 February). */
export const isCalendarDate = (value: string): boolean => CALENDAR_DATE.safeParse(value).success;

/** A calendar day (YYYY-MM-DD) as the page's language writes it, read and written in UTC: a day is a day anywhere. */
export function calendarDate(isoDate: string, language: string): string {
  return formatMoment(Date.parse(`${isoDate}T00:00:00Z`), language, { day: "numeric", month: "long", year: "numeric" }, "UTC");
}
