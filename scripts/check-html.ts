/**
 * `npm run check:html`: the W3C Nu HTML checker (vnu.jar) over every page state the end-to-end walk
 * covers, with JavaScript on (the live DOM after hydration) and off (the document as served). Starts
 * its own stack with fresh demo data on ports 3800-3802 (CHECK_HTML_PORT_BASE moves them), walks the
 * pages in Chromium, saves each document under .data/check-html/, and prints the checker's errors per
 * page. Needs a portal build (`npx react-router build`) and Java 17. Slow: not part of `npm test`.
 * Exits 1 when any error is found.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { allParticipants } from "../tests/support/demo-participants.ts";
import { generousSendingBudgets } from "../tests/support/sending-budgets.ts";
import { ensurePortalBuilt, projectRoot, startStack } from "../tests/support/stack.ts";
import { checkWithNu } from "./check-html/vnu.ts";
import { type Capture, walk } from "./check-html/walk.ts";

const portBase = Number(process.env.CHECK_HTML_PORT_BASE ?? 3800);
const outDir = path.join(projectRoot, ".data/check-html");

const people = Object.fromEntries(allParticipants.map((person) => [person.email.split("@")[0]!, person]));

const fileNameOf = (capture: Capture) =>
  path.join(
    outDir,
    capture.mode,
    `${capture.name
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase()}.html`,
  );

ensurePortalBuilt();
const stack = await startStack({
  ports: { portal: portBase, identity: portBase + 1, results: portBase + 2 },
  logLevel: "warn",
  identityEnv: { ...generousSendingBudgets, HUMAN_CHECK_WAIT_SECONDS: "2" },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"],
});
const captures: Capture[] = [];
const missed: string[] = [];
try {
  for (const mode of ["js", "no-js"] as const) {
    const walked = await walk(browser, mode, stack, people);
    captures.push(...walked.captures);
    missed.push(...walked.missed);
  }
} finally {
  await browser.close();
  await stack.stop();
}

rmSync(outDir, { recursive: true, force: true });
for (const mode of ["js", "no-js"]) mkdirSync(path.join(outDir, mode), { recursive: true });
for (const capture of captures) writeFileSync(fileNameOf(capture), capture.html);
const errors = checkWithNu(captures.map(fileNameOf));

let failed = 0;
for (const capture of captures) {
  const own = errors.filter((error) => error.file === fileNameOf(capture));
  if (own.length) failed += 1;
  console.log(`${own.length ? "✗" : "✓"} [${capture.mode}] ${capture.name}${own.length ? `: ${own.length} error(s)` : ""}`);
  for (const error of own)
    console.log(`    line ${error.line ?? "?"}: ${error.message}${error.extract ? `\n      ${error.extract.trim()}` : ""}`);
}
for (const state of missed) console.log(`? not reached, not checked: ${state}`);
console.log(`\n${captures.length} documents checked (JavaScript on and off): ${errors.length} errors in ${failed}.`);
process.exitCode = errors.length ? 1 : 0;
