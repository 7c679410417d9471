import * as z from "zod";
import {
  COUNSELLING_NOTE_MAX,
  COUNSELLING_WINDOW_DAYS_AHEAD,
  COUNSELLING_WINDOW_MAX_HOURS,
  COUNSELLING_WINDOW_MIN_MINUTES,
  COUNSELLING_WINDOWS_MAX,
} from "../../lib/program/counselling.ts";
import { isCalendarDate } from "./calendar-date";

export { offersCounselling } from "../../lib/program/counselling.ts";

export const COUNSELLING_PATH = "/counselling";
export const counsellingRequestPath = (appId: string) => `/results/counselling?app=${encodeURIComponent(appId)}`;

export const COUNSELLING_CONTACTS = ["phone", "video"] as const;
export const COUNSELLING_LANGUAGES = ["en", "es"] as const;
export const COUNSELLING_STATES = ["requested", "scheduled", "done", "cancelled"] as const;
export type CounsellingState = (typeof COUNSELLING_STATES)[number];
export const WINDOW_NUMBERS = Array.from({ length: COUNSELLING_WINDOWS_MAX }, (_, index) => index + 1);

/** A request as the results service answers it. */
export const CounsellingRequestSchema = z.object({
  id: z.string(),
  appId: z.string(),
  contact: z.enum(COUNSELLING_CONTACTS),
  language: z.enum(COUNSELLING_LANGUAGES),
  timeZone: z.string(),
  windows: z.array(z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) })),
  note: z.string().nullable(),
  state: z.enum(COUNSELLING_STATES),
  scheduledFor: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CounsellingRequest = z.infer<typeof CounsellingRequestSchema>;
export const CounsellingListSchema = z.object({ requests: z.array(CounsellingRequestSchema) });

export const isOpen = (request: { state: CounsellingState }) => request.state === "requested" || request.state === "scheduled";

/** The participant's open request about this report, if any: a second one is refused. */
export function openRequestFor<T extends { appId: string; state: CounsellingState }>(requests: readonly T[], appId: string): T | undefined {
  return requests.find((request) => request.appId === appId && isOpen(request));
}

/** How far `zone`'s wall clock is ahead of UTC at `instantMs`, in milliseconds. */
function zoneOffsetMs(instantMs: number, zone: string): number {
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(instantMs)
    .find((part) => part.type === "timeZoneName")?.value;
  // 'GMT-05:00', or 'GMT' alone for UTC itself.
  const [, sign, hours, minutes] = /^GMT([+-])(\d\d):(\d\d)$/.exec(offset ?? "") ?? [];
  return sign ? (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000 : 0;
}

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant a wall-clock date and time in `zone` names; a time a change of clocks skips is read with
 * the offset before it. Null for a day or time that does not exist, or an unknown zone.
 */
export function zonedTimeToInstant(date: string, time: string, zone: string): Date | null {
  if (!isCalendarDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time) || !isTimeZone(zone)) return null;
  const wall = Date.parse(`${date}T${time}:00Z`);
  const guess = wall - zoneOffsetMs(wall, zone);
  return new Date(wall - zoneOffsetMs(guess, zone));
}

const trimmed = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/**
 * The request form, checked the same way in the browser and on the server: one to three windows, each
 * a date, a start and an end in the zone chosen; a later one is either left empty or given whole.
 */
export function counsellingFormSchema(now: Date) {
  const windowFields = Object.fromEntries(
    WINDOW_NUMBERS.flatMap((n) => [
      [`window${n}Date`, trimmed],
      [`window${n}From`, trimmed],
      [`window${n}To`, trimmed],
    ]),
  ) as Record<`window${number}${"Date" | "From" | "To"}`, typeof trimmed>;
  // Every field is read as text first (a choice the form does not offer as none), so that each problem is named at once.
  return z
    .object({
      appId: z.string().min(1).max(200),
      contact: trimmed.pipe(z.enum(COUNSELLING_CONTACTS).optional()).catch(undefined),
      language: trimmed.pipe(z.enum(COUNSELLING_LANGUAGES).optional()).catch(undefined),
      timeZone: trimmed,
      note: trimmed,
      ...windowFields,
    })
    .transform((value, context) => {
      const fields = value as unknown as Record<string, string | undefined>;
      const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
      const { contact, language, timeZone, note } = value;
      if (!contact) problem("contact", "form.errors.contactRequired");
      if (!language) problem("language", "form.errors.languageRequired");
      const zone = timeZone && isTimeZone(timeZone) ? timeZone : null;
      if (!zone) problem("timeZone", "form.errors.timeZoneRequired");
      if (note && note.length > COUNSELLING_NOTE_MAX) problem("note", "form.errors.noteTooLong");
      const windows: { start: string; end: string }[] = [];
      for (const n of WINDOW_NUMBERS) {
        const [date, from, to] = [fields[`window${n}Date`], fields[`window${n}From`], fields[`window${n}To`]];
        if (n > 1 && !date && !from && !to) continue;
        const windowProblem = (field: string, message: string) => problem(`window${n}${field}`, message);
        if (!date) windowProblem("Date", "form.errors.dateRequired");
        if (!from) windowProblem("From", "form.errors.fromRequired");
        if (!to) windowProblem("To", "form.errors.toRequired");
        // Without a zone no time can be read; its own error says so.
        if (!date || !from || !to || !zone) continue;
        const start = zonedTimeToInstant(date, from, zone);
        const end = zonedTimeToInstant(date, to, zone);
        const length = start && end ? end.getTime() - start.getTime() : 0;
        if (!start) windowProblem(zonedTimeToInstant(date, "12:00", zone) ? "From" : "Date", "form.errors.dateInvalid");
        else if (!end) windowProblem("To", "form.errors.dateInvalid");
        else if (start.getTime() <= now.getTime()) windowProblem("Date", "form.errors.windowPast");
        else if (start.getTime() > now.getTime() + COUNSELLING_WINDOW_DAYS_AHEAD * 86_400_000)
          windowProblem("Date", "form.errors.windowTooFar");
        else if (length <= 0) windowProblem("To", "form.errors.windowOrder");
        else if (length < COUNSELLING_WINDOW_MIN_MINUTES * 60_000) windowProblem("To", "form.errors.windowTooShort");
        else if (length > COUNSELLING_WINDOW_MAX_HOURS * 3_600_000) windowProblem("To", "form.errors.windowTooLong");
        else windows.push({ start: start.toISOString(), end: end.toISOString() });
      }
      if (!contact || !language || !zone || context.issues.length > 0) return z.NEVER;
      return {
        appId: value.appId,
        contact,
        language,
        timeZone: zone,
        note,
        windows,
      };
    });
}

export type CounsellingForm = z.output<ReturnType<typeof counsellingFormSchema>>;

/** How recent an open request the same form sent is taken for that same sending (a double click without JavaScript). */
export const SAME_SENDING_MS = 60_000;

/**
 * Whether the open request that refused this form is the one this same form created a moment ago (two
 * posts of one click): then it is shown as sent, not as one already open.
 */
export function isSameSending(open: CounsellingRequest, form: CounsellingForm, now: Date): boolean {
  const windows = (list: readonly { start: string; end: string }[]) =>
    JSON.stringify(list.map((w) => [Date.parse(w.start), Date.parse(w.end)]));
  return (
    now.getTime() - Date.parse(open.createdAt) <= SAME_SENDING_MS &&
    open.appId === form.appId &&
    open.contact === form.contact &&
    open.language === form.language &&
    open.timeZone === form.timeZone &&
    (open.note ?? undefined) === form.note &&
    windows(open.windows) === windows(form.windows)
  );
}
