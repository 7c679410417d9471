import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../lib/postgres/index.ts";
import { createDeliveryStore } from "../../../platform/identity/delivery/delivery-store.ts";
import { renderEmail } from "../../../platform/identity/mail/email-content.ts";
import { createEmailDeliveryWorker } from "../../../platform/identity/mail/email-delivery.ts";
import { mailSettingsFrom, type MailSettings } from "../../../platform/identity/mail/mail-settings.ts";
import { createSmtpTransport } from "../../../platform/identity/mail/smtp-transport.ts";
import { createKitStepSender } from "../../../platform/identity/notifications/results-kit-steps.ts";
import { createOutbox } from "../../../platform/identity/store/outbox.ts";
import { type EmailPerson, identityDatabaseWith } from "../../support/identity-database.ts";
import { parseMime, partsOf } from "../../support/mime.ts";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.ts";

const SMTP_PASSWORD = "s3cret-smtp-Pa55word";
const FROM = '"DNA Discovery Program" <no-reply@mail.example.test>';
const people: EmailPerson[] = [
  { userId: "N1", email: "nora@example.test", locale: "en" },
  { userId: "N2", email: "nico@example.test", locale: "es" },
];

let workDir: string;
let sink: SmtpSink;
let first: Database;
let second: Database;
let settings: MailSettings;
let clock = new Date("2026-11-24T10:00:00.000Z");
const now = () => clock;
const logLines: string[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "mail-delivery-"));
  sink = await startSmtpSink({ user: "portal", pass: SMTP_PASSWORD });
  const parsed = mailSettingsFrom("production", { SMTP_URL: sink.url, MAIL_FROM: FROM, MAIL_MAX_ATTEMPTS: "3" });
  expect(parsed.problems).toEqual([]);
  settings = parsed.settings!;
  ({ first, second } = await identityDatabaseWith("mail_delivery", people, workDir));
});

afterAll(async () => {
  await sink?.close();
  await Promise.all([first?.close(), second && second !== first ? second.close() : null]);
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  // Earlier tests' e-mails are out of the way: each test starts with an empty outbox and mailbox.
  await first.query("UPDATE idp_outbox SET sent_at = now() WHERE sent_at IS NULL AND failed_at IS NULL");
  sink.received.length = 0;
  sink.refuseNext();
  sink.refuseAll(null);
  logLines.length = 0;
});

function workerOn(db: Database) {
  return createEmailDeliveryWorker({
    db,
    transport: createSmtpTransport(settings.smtp, settings.from),
    from: settings.from,
    now,
    logger,
    maxAttempts: settings.maxAttempts,
    backoffMs: () => 60_000,
  });
}

let changeId = 0;
/** Kit steps e-mailed the way the service does it: the decision and the outbox row in one transaction. */
async function kitStepEmails(...steps: { userId: string; step: number }[]) {
  const changes = steps.map(({ userId, step }) => ({
    id: ++changeId,
    userId,
    step,
    changedAt: new Date(Date.now() + changeId).toISOString(),
  }));
  await createKitStepSender({
    db: first,
    feed: async (after) => ({ changes: changes.filter((each) => each.id > after), lastId: changeId }),
    issuer: "https://id.example.test",
    portalUrl: "https://portal.example.test",
    unsubscribeKeys: ["test-unsubscribe-key"],
    now,
    logger: pino({ level: "silent" }),
  }).runOnce();
}

const messageIdOf = (raw: string) => parseMime(raw).headers.get("message-id");

describe("e-mail delivery through SMTP", () => {
  it("sends kit-step e-mails in each participant's language, text and HTML, with one-click unsubscribe and a stable Message-ID", async () => {
    await kitStepEmails({ userId: "N1", step: 2 }, { userId: "N2", step: 5 });
    const round = await workerOn(first).runOnce();
    expect(round).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(2);

    const byRecipient = new Map(sink.received.map((mail) => [mail.to[0], parseMime(mail.raw)]));
    const english = byRecipient.get("nora@example.test")!;
    const spanish = byRecipient.get("nico@example.test")!;
    expect(sink.received.every((mail) => mail.from === "no-reply@mail.example.test")).toBe(true);

    expect(english.headers.get("subject")).toBe("An update on your DNA kit");
    expect(spanish.headers.get("subject")).toBe("Novedades sobre su kit de ADN");
    expect(english.headers.get("content-language")).toBe("en");
    expect(spanish.headers.get("content-language")).toBe("es");
    for (const message of [english, spanish]) {
      expect(message.headers.get("message-id")).toMatch(/^<[0-9a-f-]{36}@mail\.example\.test>$/);
      expect(message.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(message.headers.get("list-unsubscribe")).toMatch(/^<https:\/\/id\.example\.test\/notifications\/unsubscribe\?token=.+>$/);
      expect(message.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    }
    expect(english.headers.get("list-unsubscribe")).toContain("lang=en");
    expect(spanish.headers.get("list-unsubscribe")).toContain("lang=es");

    const spanishParts = partsOf(spanish);
    expect(spanishParts.get("text/plain")).toContain("Su kit de ADN ha llegado a un nuevo paso: Resultados de salud listos");
    expect(spanishParts.get("text/html")).toContain('<html lang="es">');
    expect(spanishParts.get("text/html")).toContain('<a href="https://portal.example.test/">https://portal.example.test/</a>');
    expect(partsOf(english).get("text/plain")).toContain("Your DNA kit has reached a new step: Sample received");

    // The Message-ID is the row's own: rendering the row again gives the same one.
    const [row] = await createDeliveryStore(first, () => new Date(clock.getTime() + 1), ["email"]).claim(1, 1, 86_400_000);
    expect(row).toBeUndefined();
    const ids = await first.query<{ message_uuid: string }>(
      "SELECT message_uuid FROM idp_outbox WHERE sent_at IS NOT NULL ORDER BY id DESC LIMIT 2",
    );
    expect(ids.map((each) => `<${each.message_uuid}@mail.example.test>`).sort()).toEqual(
      [english.headers.get("message-id"), spanish.headers.get("message-id")].sort(),
    );
  });

  it("tries again after the server refuses once (4xx), and the e-mail arrives once", async () => {
    await kitStepEmails({ userId: "N1", step: 3 });
    sink.refuseNext(451);
    const worker = workerOn(first);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(sink.received).toHaveLength(0);
    // Not before its back-off has passed.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock = new Date(clock.getTime() + 60_000);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual(["nora@example.test"]);
  });

  /** A plain notice e-mail in the shared outbox, as any part of the service would queue one. */
  const queueNotice = (to: string, subject: string) =>
    createOutbox(first, now).deliver({ channel: "email", to, subject, body: "Words.", purpose: "notice" });

  it("marks an e-mail failed after N refusals and logs an alert without the address, the words or the SMTP password", async () => {
    await kitStepEmails({ userId: "N2", step: 4 });
    sink.refuseAll(451);
    const worker = workerOn(first);
    const rounds = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      rounds.push(await worker.runOnce());
      clock = new Date(clock.getTime() + 60_000);
    }
    expect(rounds).toEqual([
      { sent: 0, retried: 1, failed: 0 },
      { sent: 0, retried: 1, failed: 0 },
      { sent: 0, retried: 0, failed: 1 },
      { sent: 0, retried: 0, failed: 0 },
    ]);
    const [row] = await first.query<{ failed_at: Date | null; delivery_attempts: number; last_error: string }>(
      "SELECT failed_at, delivery_attempts, last_error FROM idp_outbox WHERE destination = 'nico@example.test' ORDER BY id DESC LIMIT 1",
    );
    expect(row!.failed_at).not.toBeNull();
    expect(row!.delivery_attempts).toBe(3);
    expect(row!.last_error).toMatch(/451/);
    const alerts = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.alert === "email-failed");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ level: 50, purpose: "kit-step", attempts: 3 });
    const everything = logLines.join("\n");
    expect(everything).not.toContain("nico@example.test");
    expect(everything).not.toContain(SMTP_PASSWORD);
    expect(everything).not.toContain("kit de ADN");
    // A failed e-mail is not sent later when the server takes mail again.
    sink.refuseAll(null);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
  });

  it("fails at once when the server refuses for good (5xx)", async () => {
    await kitStepEmails({ userId: "N1", step: 4 });
    sink.refuseNext(550);
    expect(await workerOn(first).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
  });

  it("sends each e-mail once when two delivery workers race for the same outbox", async () => {
    for (let index = 0; index < 12; index++) await queueNotice(`person${index}@example.test`, `Notice ${index}`);
    const one = workerOn(first);
    const two = workerOn(second);
    const rounds = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(12);
    expect(sink.received).toHaveLength(12);
    expect(new Set(sink.received.map((mail) => messageIdOf(mail.raw))).size).toBe(12);
    expect(new Set(sink.received.map((mail) => mail.to[0])).size).toBe(12);
  });

  it("a crash between sending and marking sends it again under the same Message-ID once the hold runs out", async () => {
    await queueNotice("ada@example.test", "Once");
    // A worker that sends and dies before it marks the row as sent.
    const [taken] = await createDeliveryStore(first, now, ["email"]).claim(5, 120_000, 86_400_000);
    await createSmtpTransport(settings.smtp, settings.from).send(renderEmail(taken!, "no-reply@mail.example.test"));
    const worker = workerOn(second);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock = new Date(clock.getTime() + 120_000);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(2);
    expect(messageIdOf(sink.received[0]!.raw)).toBe(messageIdOf(sink.received[1]!.raw));
  });

  it("sends a code e-mail with the code in its words", async () => {
    await createOutbox(first, now).deliver({
      channel: "email",
      to: "new@example.test",
      subject: "Verify your email address",
      code: "482913",
      link: "https://id.example.test/interaction/x/email-verify?otp=482913",
      purpose: "registration",
    });
    await workerOn(first).runOnce();
    const text = partsOf(parseMime(sink.received[0]!.raw)).get("text/plain")!;
    expect(text).toContain("Your code: 482913");
    expect(text).toContain("https://id.example.test/interaction/x/email-verify?otp=482913");
  });

  it("leaves texts and calls in the outbox: SMTP carries e-mail only", async () => {
    await createOutbox(first, now).deliver({ channel: "sms", to: "+15551234567", code: "123456", purpose: "sign-in" });
    expect(await workerOn(first).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
  });
});
