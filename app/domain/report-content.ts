import * as z from "zod";
import { ReportVersionSchema, VERSION_PARAM, type ReportVersion } from "./report-versions";

/** A report in reading order, as the results service writes it; its PDF is drawn from the same content. */
const ReportSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()).optional(),
  rows: z.array(z.tuple([z.string(), z.string()])).optional(),
});

export const ReportContentSchema = z.object({
  /** The language the report is written in (a results service may not have the one asked for). */
  language: z.enum(["en", "es"]),
  title: z.string(),
  participantName: z.string(),
  sections: z.array(ReportSectionSchema),
});
export type ReportContent = z.infer<typeof ReportContentSchema>;

/** A report's content as the results service answers it; a reissued one's also names its version and the newest. */
export const ReportContentReplySchema = z.object({
  report: ReportContentSchema,
  version: ReportVersionSchema.optional(),
  newestVersion: z.number().int().min(1).max(999_999).optional(),
});

/** A reissued report's version as its page shows it: number, day of issue, what changed, and whether a newer one exists. */
export type ShownVersion = ReportVersion & { newest: boolean };

/** The version a content reply is, or none for a report never reissued. */
export function shownVersionOf(reply: z.infer<typeof ReportContentReplySchema>): ShownVersion | null {
  if (!reply.version) return null;
  return { ...reply.version, newest: reply.version.version >= (reply.newestVersion ?? reply.version.version) };
}

/** The report's page in the portal, and its PDF beside it: addressed by app and, for a reissued report, version. */
export const REPORT_PAGE_PATH = "/results/report";
const REPORT_APP_PARAM = "app";

const reportQuery = (appId: string, version: number | undefined) =>
  new URLSearchParams({ [REPORT_APP_PARAM]: appId, ...(version === undefined ? {} : { [VERSION_PARAM]: String(version) }) });

/** The page's and the PDF's query as the report form's fields, for its schema to check. */
export const reportFieldsOf = (search: URLSearchParams) => ({
  appId: search.get(REPORT_APP_PARAM) ?? "",
  version: search.get(VERSION_PARAM) ?? undefined,
});

export const reportPagePath = (appId: string, version?: number) => `${REPORT_PAGE_PATH}?${reportQuery(appId, version)}`;
export const reportPdfPath = (appId: string, version?: number) => `${REPORT_PAGE_PATH}.pdf?${reportQuery(appId, version)}`;
