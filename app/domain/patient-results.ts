import * as z from "zod";
import { appIsShown, reportIsReady } from "../../lib/program/report-readiness.ts";
import { isCalendarDate } from "./calendar-date";
import { KitSchema } from "./kit-registration";
import { delayReasonOf, type KitHistory } from "./kit-timeline";
import { reportVersionsFrom } from "./report-versions";

/** SPEC.md §3 'Patient results response', as the results service sends it. */
const AppSchema = z.object({
  appID: z.union([z.string(), z.number()]).transform(String),
  appName: z.string(),
  label: z.string().nullish(),
  labelEs: z.string().nullish(),
  type: z.string().nullish(),
  fileBytes: z.number().int().nonnegative().nullish().catch(null),
  // A ready FH report: whether it found a variant; anything else reads as not found (no family letter).
  variantFound: z.boolean().nullish().catch(null),
  // A reissued report's versions; a list that does not read as one is left out (the card shows no version).
  reportVersions: z.unknown().optional(),
});

const KitEventSchema = z.object({ step: z.number().int().min(1).max(5), date: z.string().refine(isCalendarDate) });

const ConsentSchema = z.object({
  consent: z.string().min(1).max(100),
  version: z.string().min(1).max(40),
  givenOn: z.string().refine(isCalendarDate),
  withdrawnOn: z.nullable(z.string().refine(isCalendarDate)).default(null),
});

export const PatientResultsSchema = z.object({
  kitStatus: z.unknown(),
  // A history that does not read as one is left out; the tracker works from kitStatus alone.
  kitEvents: z.array(KitEventSchema).nullish().catch(null),
  nextStepExpectedBy: z.string().refine(isCalendarDate).nullish().catch(null),
  delayReason: z.string().max(100).nullish().catch(null),
  apps: z.array(AppSchema).nullish(),
  heapIdentifier: z.string().nullish(),
  isHealthOrResearch: z.boolean().nullish(),
  agreements: z.array(z.string()).nullish(),
  // A consent history that does not read as one is left out; the page says there is none to show.
  consents: z.array(ConsentSchema).nullish().catch(null),
  // The kits the participant registered, newest first; a list that does not read as one is left out.
  kits: z.array(KitSchema).nullish().catch(null),
  Patient: z
    .object({
      firstName: z.string().nullish(),
      middleName: z.string().nullish(),
      lastName: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
});

/** One version of one consent document the participant signed (SPEC's agreements, with their history). */
export type ConsentRecord = z.output<typeof ConsentSchema>;

export type PatientResults = ReturnType<typeof normalizePatientResults>;
export type ResultApp = PatientResults["apps"][number];

/** SPEC.md §3: kitStatus is converted to a number (missing or unreadable counts as 0). */
export function toKitStatus(value: unknown): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : NaN;
  return Number.isFinite(number) ? number : 0;
}

/** SPEC.md §3: apps without a label are dropped; type picks an icon and defaults to empty. */
export function normalizePatientResults(raw: z.infer<typeof PatientResultsSchema>) {
  const kitStatus = toKitStatus(raw.kitStatus);
  const kitHistory: KitHistory = {
    reachedOn: Object.fromEntries((raw.kitEvents ?? []).map((event) => [event.step, event.date])),
    nextStepExpectedBy: raw.nextStepExpectedBy ?? null,
    delayReason: delayReasonOf(raw.delayReason),
  };
  return {
    kitStatus,
    kitHistory,
    apps: (raw.apps ?? []).filter(appIsShown).map((app) => ({
      appID: app.appID,
      appName: app.appName,
      label: app.label!,
      labelEs: app.labelEs ?? null,
      type: app.type ?? "",
      // Only a ready app's report is offered.
      reportReady: reportIsReady({ type: app.type ?? null, appName: app.appName }, kitStatus),
      // A data file's size (the exome download), when the results service gives it.
      fileBytes: app.fileBytes ?? null,
      // A ready FH report that found a pathogenic or likely pathogenic variant.
      variantFound: app.variantFound === true,
      versions: reportVersionsFrom(app.reportVersions),
      // Reissued, and its newest version not yet opened (set from the portal's own record).
      updated: false as boolean,
    })),
    heapIdentifier: raw.heapIdentifier ?? null,
    isHealthOrResearch: raw.isHealthOrResearch ?? false,
    agreements: raw.agreements ?? [],
    consents: raw.consents ?? [],
    // Newest first; none through a results link.
    kits: raw.kits ?? [],
    patient: {
      firstName: raw.Patient?.firstName ?? "",
      middleName: raw.Patient?.middleName ?? null,
      lastName: raw.Patient?.lastName ?? "",
      email: raw.Patient?.email ?? null,
    },
  };
}

/** SPEC.md §2: first, optional middle, last. */
export function patientFullName(patient: PatientResults["patient"]): string {
  return [patient.firstName, patient.middleName, patient.lastName].filter((part) => part && part.trim() !== "").join(" ");
}
