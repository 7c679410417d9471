import * as z from "zod";

/** A download of everything as the results service reports it (its own words for the states). */
export const DataExportSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(["queued", "building", "ready", "failed", "expired"]),
  filesDone: z.number().int().min(0),
  filesTotal: z.number().int().min(0).nullable(),
  sizeBytes: z.number().min(0).nullable(),
  requestedAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export const DataExportListSchema = z.object({ exports: z.array(DataExportSchema) });
export type DataExport = z.infer<typeof DataExportSchema>;
