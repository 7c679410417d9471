import { readFile } from "node:fs/promises";
import * as z from "zod";

/**
 * What the supervising launcher (scripts/start.ts) says about the processes it runs, in a small
 * JSON file whose path it gives the portal as LAUNCHER_STATUS_FILE; the portal's /readyz shows it.
 */
const ChildStatusSchema = z.object({
  pid: z.number().int().nullable(),
  running: z.boolean(),
  restarts: z.number().int().min(0),
  lastExit: z.string().nullable(),
  lastRestartAt: z.string().nullable(),
});

export const LauncherStatusSchema = z.object({ children: z.record(z.string(), ChildStatusSchema) });

export type LauncherStatus = z.infer<typeof LauncherStatusSchema>;

/** The launcher's status, or null when there is no launcher (or its file cannot be read). */
export async function readLauncherStatus(file: string | undefined): Promise<LauncherStatus | null> {
  if (!file) return null;
  try {
    return LauncherStatusSchema.parse(JSON.parse(await readFile(file, "utf8")));
  } catch {
    return null;
  }
}
