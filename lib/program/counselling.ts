/**
 * Which reports a participant may ask a genetic counsellor about: a health result (the FH result is
 * one), and the exome data file. Both sides use this rule: the portal offers the request on those
 * cards only, and the results service refuses one about any other report.
 */
const COUNSELLING_KINDS = new Set(["health", "fh-health", "exome", "exome-download", "download"]);

export function offersCounselling(app: { type: string | null; appName: string }): boolean {
  return COUNSELLING_KINDS.has(app.type?.trim().toLowerCase() || "") || COUNSELLING_KINDS.has(app.appName.toLowerCase());
}

/** Up to this many time windows in one request, each this long at least and at most, within this many days. */
export const COUNSELLING_WINDOWS_MAX = 3;
export const COUNSELLING_WINDOW_MIN_MINUTES = 30;
export const COUNSELLING_WINDOW_MAX_HOURS = 12;
export const COUNSELLING_WINDOW_DAYS_AHEAD = 90;
export const COUNSELLING_NOTE_MAX = 1000;
