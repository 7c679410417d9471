import { constants, existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL settings of the embedded database. Its shared buffers live in the process's own
 * WebAssembly memory: PostgreSQL's default of 128 MB made each process that opened the database
 * about 140 MB larger at rest (VmRSS after a few thousand statements: 380 MB with the default,
 * 237 MB with 8 MB), while the portal's data fits in a few megabytes.
 */
const EMBEDDED_SETTINGS = ["shared_buffers=16MB"];

/** Its package does not export package.json: read it beside the resolved entry (dist/). */
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..", "package.json"), "utf8"),
  ) as { version: string }
).version;

/**
 * The package is loaded here, when a database is opened, so that a service bundled into one file
 * (scripts/build-service-files.ts) holds none of its code on a PostgreSQL server.
 */
async function open(dataDir: string): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
}

const hasCluster = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

/**
 * A fresh cluster of this PGlite version in `cacheDir`, created once. Several processes may ask at
 * the same moment: each creates its own and the first to rename it into place wins.
 */
async function freshCluster(cacheDir: string): Promise<string> {
  const cluster = path.join(cacheDir, `pglite-${PGLITE_VERSION}`);
  if (hasCluster(cluster)) return cluster;
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const building = await mkdtemp(path.join(cacheDir, "building-"));
  await (await open(building)).close();
  await rename(building, cluster).catch(async (error: NodeJS.ErrnoException) => {
    await rm(building, { recursive: true, force: true });
    if (!hasCluster(cluster)) throw error;
  });
  return cluster;
}

/**
 * Opens (and on first use creates) the embedded database in `dataDir`. initdb takes 2–5 s on two cores;
 * with `PGLITE_CLUSTER_CACHE` set (the suites create hundreds) a new one copies a fresh cluster kept there: under a second.
 */
export async function openPglite(dataDir: string, cacheDir = process.env.PGLITE_CLUSTER_CACHE): Promise<PGlite> {
  await mkdir(dataDir, { recursive: true });
  if (cacheDir && (await readdir(dataDir)).length === 0) {
    await cp(await freshCluster(cacheDir), dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
  }
  return open(dataDir);
}
