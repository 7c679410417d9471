import { readFile } from "node:fs/promises";
import * as z from "zod";
import { DemoRequestSchema } from "./counselling/counselling-demo.ts";
import { FhFindingSchema } from "./fh-finding.ts";
import { issuesText } from "./http-kit.ts";
import { ReportVersionSchema } from "./report-versions.ts";

const DemoAppSchema = z.object({
  appID: z.string().min(1),
  appName: z.string().min(1),
  label: z.string().nullable(),
  labelEs: z.string().nullable(),
  type: z.string().nullable(),
  /** A download app standing in for a file of this many bytes (generated when read). */
  documentBytes: z.number().int().positive().optional(),
  /** An FH report's pathogenic or likely pathogenic variant; absent, the report found none. */
  fhFinding: FhFindingSchema.nullable().optional(),
  /** A reissued report's versions, in any order. */
  reportVersions: z.array(ReportVersionSchema).optional(),
});

const CalendarDate = z.iso.date();

/** A kit's dated history: the tracker steps reached so far, and what is known about the next one. */
const DemoKitHistorySchema = z.object({
  events: z.array(z.object({ step: z.number().int().min(1).max(5), date: CalendarDate })),
  nextStepExpectedBy: CalendarDate.nullable().optional(),
  delayReason: z.string().min(1).nullable().optional(),
});

/** One consent the participant gave, in one version of its document: 'platform', 'research' or a study's app name. */
const DemoConsentSchema = z.object({
  consent: z.string().min(1),
  version: z.string().min(1),
  givenOn: CalendarDate,
  withdrawnOn: CalendarDate.nullable().optional(),
});

/**
 * A download of everything the demo shows: 'ready' is requested on first start and built by the
 * worker like any other; 'expired' was made three days ago and has expired.
 */
const DemoDataExportSchema = z.object({ state: z.enum(["ready", "expired"]), language: z.enum(["en", "es"]) });

/**
 * A kit the program sent to the participant: registered (with when, and the day the sample was
 * collected) or still waiting for them to register it by its barcode.
 */
const DemoKitSchema = z.object({
  barcode: z.string().regex(/^\d{12}$/),
  registeredAt: z.iso.datetime().optional(),
  collectedOn: CalendarDate.optional(),
});

/** The part of a demo participant this service keeps; sign-in fields belong to the identity provider. */
export const DemoParticipantSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(3),
  firstName: z.string().min(1),
  middleName: z.string().nullable().optional(),
  lastName: z.string().min(1),
  kitStatus: z.number().int().nullable(),
  isHealthOrResearch: z.boolean(),
  agreements: z.array(z.string()),
  heapIdentifier: z.string(),
  sourceID: z.string().min(1),
  apps: z.array(DemoAppSchema),
  kitHistory: DemoKitHistorySchema.optional(),
  consentHistory: z.array(DemoConsentSchema).optional(),
  dataExports: z.array(DemoDataExportSchema).optional(),
  kits: z.array(DemoKitSchema).optional(),
  /** What a clinician types beside a share code; none where it is not given. */
  dateOfBirth: CalendarDate.optional(),
});

/** In the demo file, each participant also has counselling requests in their language. */
const DemoFileSchema = z.object({
  participants: z.array(
    DemoParticipantSchema.extend({
      locale: z.enum(["en", "es"]).optional(),
      counsellingRequests: z.array(DemoRequestSchema).optional(),
    }),
  ),
});

export type DemoParticipant = z.infer<typeof DemoParticipantSchema>;

export async function readDemoParticipants(file: string) {
  const parsed = DemoFileSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) throw new Error(`Invalid demo participants file ${file}: ${issuesText(parsed.error)}`);
  return parsed.data.participants;
}
