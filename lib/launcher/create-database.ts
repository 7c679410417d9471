/**
 * `node lib/launcher/create-database.ts <dir>`: creates the embedded database in <dir> and exits.
 * The launcher runs it in a process of its own on first start: creating a database (initdb) leaves
 * the process that did it about 380 MB larger for good (VmRSS 608 MB after creating, 230 MB after
 * reopening the same directory), memory the long-running launcher would otherwise keep.
 */
import { openPglite } from "../postgres/pglite-open.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: node lib/launcher/create-database.ts <data directory>");
const database = await openPglite(dataDir);
await database.close();
