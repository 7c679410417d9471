import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, expect, it } from "vitest";
import { projectRoot } from "../../support/stack.ts";

/** `npm run smtp-sink`: the local SMTP server of the README's walkthrough prints how to start the stack and keeps each e-mail. */
const directory = mkdtempSync(path.join(tmpdir(), "smtp-sink-"));
const script = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot, "scripts/smtp-sink.ts")], {
  cwd: projectRoot,
  env: { ...process.env, SMTP_SINK_PORT: "0", SMTP_SINK_DIR: directory },
  stdio: ["ignore", "pipe", "pipe"],
});
let printed = "";
script.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));

afterAll(() => {
  script.kill("SIGTERM");
  rmSync(directory, { recursive: true, force: true });
});

it("receives an e-mail at the SMTP_URL it prints and writes it whole to a file it names", async () => {
  await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/SMTP_URL=smtp:\/\/\S+ MAIL_FROM=\S+ npm start/);
  const smtpUrl = /SMTP_URL=(\S+)/.exec(printed)![1]!;
  await nodemailer.createTransport(smtpUrl).sendMail({
    from: "no-reply@portal.example",
    to: "ada@example.test",
    subject: "An update on your DNA kit",
    text: "Words.",
  });
  await expect.poll(() => printed).toMatch(/e-mail 1 for ada@example\.test: \S+\.eml/);
  const file = /e-mail 1 for ada@example\.test: (\S+\.eml)/.exec(printed)![1]!;
  expect(path.dirname(file)).toBe(directory);
  expect(readFileSync(file, "utf8")).toContain("Subject: An update on your DNA kit");
});
