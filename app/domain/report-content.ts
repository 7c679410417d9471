import * as z from "zod";

/**
 * A report as the results service writes it, in reading order: a title, then sections of short
 * paragraphs and label–value rows. Its PDF is drawn from the same content, so the page a participant
 * reads and the clinician's shared view say what the file says.
 */
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

/** The results service's answer for a report's content. */
export const ReportContentReplySchema = z.object({ report: ReportContentSchema });

/** The report's page in the portal, and its PDF beside it: addressed by app (a report version will be another search parameter). */
export const REPORT_PAGE_PATH = "/results/report";
export const REPORT_PDF_PATH = "/results/report.pdf";
export const REPORT_APP_PARAM = "app";

export function reportPagePath(appId: string): string {
  return `${REPORT_PAGE_PATH}?${new URLSearchParams({ [REPORT_APP_PARAM]: appId })}`;
}

export function reportPdfPath(appId: string): string {
  return `${REPORT_PDF_PATH}?${new URLSearchParams({ [REPORT_APP_PARAM]: appId })}`;
}
