import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL settings of the embedded database. Its shared buffers live in the process's own
 * WebAssembly memory: PostgreSQL's default of 128 MB made each process that opened the database
 * about 140 MB larger at rest (VmRSS after a few thousand statements: 380 MB with the default,
 * 237 MB with 8 MB), while the portal's data fits in a few megabytes.
 */
export const EMBEDDED_SETTINGS = ["shared_buffers=16MB"];

/** Opens (and on first use creates) the embedded database stored in `dataDir`. */
export async function openPglite(dataDir: string): Promise<PGlite> {
  await mkdir(dataDir, { recursive: true });
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
}
