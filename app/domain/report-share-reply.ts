import * as z from "zod";
import { ReportContentSchema } from "./report-content";
import { SHARE_STATES } from "./report-share";

/** A share as the results service answers it. */
export const ShareSchema = z.object({
  id: z.string(),
  appId: z.string(),
  recipient: z.string(),
  language: z.enum(["en", "es"]),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  state: z.enum(SHARE_STATES),
  endedAt: z.iso.datetime().nullable(),
  views: z.array(z.object({ at: z.iso.datetime(), device: z.string() })),
  /** How often the report was sent to a clinician's page, and its PDF (a results service may not say). */
  deliveries: z.object({ page: z.number().int().nonnegative(), pdf: z.number().int().nonnegative() }).optional(),
});
export type Share = z.infer<typeof ShareSchema>;
export const ShareListSchema = z.object({ shares: z.array(ShareSchema) });
export const CreatedShareSchema = z.object({ share: ShareSchema, code: z.string(), link: z.string() });

/** What the clinician's page shows: the share's facts and the report's content, in the report's language. */
export const SharedReportSchema = z.object({
  share: z.object({ recipient: z.string(), expiresAt: z.iso.datetime(), appName: z.string() }),
  report: ReportContentSchema,
});
export type SharedReport = z.infer<typeof SharedReportSchema>;
