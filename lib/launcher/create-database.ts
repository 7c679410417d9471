/**
 * `node lib/launcher/create-database.ts <dir>…`: creates each missing embedded database and exits.
 * The launcher runs it in a process of its own on first start: creating a database (initdb) leaves
 * the process that did it about 380 MB larger for good (VmRSS 608 MB after creating, 230 MB after
 * reopening the same directory), memory a long-running service would otherwise keep. With more than
 * one directory, the first is created and the others are copies of a fresh cluster.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openPglite } from "../postgres/pglite-open.ts";

const dataDirs = process.argv.slice(2);
if (dataDirs.length === 0) throw new Error("usage: node lib/launcher/create-database.ts <data directory>…");
const clusterCache = process.env.PGLITE_CLUSTER_CACHE ?? mkdtempSync(path.join(tmpdir(), "portal-cluster-"));
try {
  for (const dataDir of dataDirs) await (await openPglite(dataDir, clusterCache)).close();
} finally {
  if (!process.env.PGLITE_CLUSTER_CACHE) rmSync(clusterCache, { recursive: true, force: true });
}
