/**
 * `npm run check:html`: the W3C Nu HTML checker (vnu.jar) over every document the end-to-end suite
 * scans with axe, with JavaScript on (the live DOM) and off (the document as served). Runs the suite
 * (its own stack; E2E_PORT_BASE moves it; arguments go to `playwright test`) with CHECK_HTML_DIR set,
 * so each scan saves its document under .data/check-html/<project>/, then prints the checker's errors
 * per document. Needs a portal build (`npx react-router build`) and Java 17. Slow: not part of
 * `npm test`. Exits 1 when any error is found or a test fails (its later documents go unchecked).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { checkWithNu } from "./check-html/vnu.ts";

const outDir = path.resolve(import.meta.dirname, "../.data/check-html");

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const suite = spawnSync("playwright", ["test", "--reporter=dot", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHECK_HTML_DIR: outDir },
});
const files = readdirSync(outDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".html"))
  .sort();
const errors = checkWithNu(files.map((file) => path.join(outDir, file)));

let failed = 0;
for (const file of files) {
  const own = errors.filter((error) => error.file === path.join(outDir, file));
  if (own.length) failed += 1;
  const [mode, name] = file.split(path.sep);
  console.log(`${own.length ? "✗" : "✓"} [${mode}] ${name!.replace(/\.html$/, "")}${own.length ? `: ${own.length} error(s)` : ""}`);
  for (const error of own)
    console.log(`    line ${error.line ?? "?"}: ${error.message}${error.extract ? `\n      ${error.extract.trim()}` : ""}`);
}
if (suite.status !== 0) console.log("? the end-to-end suite failed: documents after a failure were not saved, not checked");
console.log(`\n${files.length} documents checked (JavaScript on and off): ${errors.length} errors in ${failed}.`);
process.exitCode = errors.length || suite.status !== 0 ? 1 : 0;
