import * as z from "zod";
import { isCalendarDate } from "./calendar-date";

/**
 * Report versions (a report the lab reissued: a variant reclassified, a new version of the method).
 * The results service lists them newest first with their date and, from the second on, what changed
 * in one sentence; the portal remembers which versions each participant has opened.
 */
export const ReportVersionSchema = z.object({
  version: z.number().int().min(1).max(999_999),
  issuedOn: z.string().refine(isCalendarDate),
  change: z.nullish(z.string().max(300)).default(null),
  changeEs: z.nullish(z.string().max(300)).default(null),
});

export type ReportVersion = z.infer<typeof ReportVersionSchema>;

/** The versions as the service sent them, newest first, each number once; a list that does not read as one is none. */
export function reportVersionsFrom(raw: unknown): ReportVersion[] {
  const versions = z.array(ReportVersionSchema).max(100).catch([]).parse(raw);
  // Sorted, a number's repeats sit together; the stable sort keeps the first sent.
  return versions.sort((a, b) => b.version - a.version).filter((each, index, sorted) => sorted[index - 1]?.version !== each.version);
}

/**
 * 'Updated': the report has been reissued and the participant has not opened its newest version. A
 * first version never opened is simply a report to read, not an update.
 */
export function isUpdated(versions: readonly ReportVersion[], opened: readonly number[]): boolean {
  const newest = versions[0];
  return newest !== undefined && newest.version > 1 && !opened.includes(newest.version);
}

/** What changed in a version, in the page's language (English where the lab wrote no Spanish). */
export function changeIn(version: ReportVersion, language: string): string | null {
  return (language === "es" ? version.changeEs?.trim() || version.change : version.change)?.trim() || null;
}

/** The report route's parameter naming an earlier version. */
export const VERSION_PARAM = "version";
