/**
 * Prints Node's arguments for one process of the stack as `npm start` gives them (its settings from
 * lib/launcher/memory-settings.ts, then its built file), for a deployment that starts each process
 * itself:
 *
 *   node $(node scripts/process-args.ts identity) # or portal, results; --embedded-database when it opens one
 *
 * With MEMORY_PROFILE=small-server, the small-server profile's bounds too (docs/operations.md, 'Memory').
 */
import path from "node:path";
import { usesSmallServerProfile } from "../lib/launcher/memory-settings.ts";
import { processArgs } from "../lib/launcher/process-command.ts";
import { PROCESS_FILES, type StackProcess } from "../lib/launcher/process-files.ts";

const [name, ...flags] = process.argv.slice(2);
if (!name || !(name in PROCESS_FILES) || flags.some((flag) => flag !== "--embedded-database")) {
  console.error(`Usage: node scripts/process-args.ts <${Object.keys(PROCESS_FILES).join("|")}> [--embedded-database]`);
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
const args = processArgs(name as StackProcess, root, {
  from: "built",
  nodeOptions: process.env.NODE_OPTIONS,
  embeddedDatabase: flags.includes("--embedded-database"),
  bounded: usesSmallServerProfile(process.env),
});
console.log(args.join(" "));
