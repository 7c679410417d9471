import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/** vnu.jar as the npm package ships it (its own Java downloader is not needed: the machine has Java 17). */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** The W3C Nu HTML checker over saved documents: its errors (not its warnings), by file. */
export function checkWithNu(files: readonly string[]) {
  if (files.length === 0) return [];
  const run = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`java could not run vnu.jar: ${run.error.message}`);
  const report = JSON.parse(run.stderr || '{"messages":[]}') as {
    messages: { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string }[];
  };
  return report.messages
    .filter((message) => message.type === "error" || (message.type === "non-document-error" && message.subType !== "io"))
    .map((message) => ({
      file: decodeURIComponent((message.url ?? "").replace(/^file:/, "")),
      line: message.lastLine,
      message: message.message,
      extract: message.extract,
    }));
}
