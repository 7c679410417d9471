import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailSettingsFrom } from "../../../platform/identity/mail/mail-settings.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { parseMime, partsOf } from "../../support/mime.ts";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.ts";
import { CLIENT_ID, CLIENT_SECRET, createTestClock, emailsTo, startTestService } from "./support.ts";

/** The identity provider with SMTP configured: what lands in its outbox reaches the SMTP server on its own. */
const clock = createTestClock();
let sink: SmtpSink;
let service: RunningIdentityService;

beforeAll(async () => {
  sink = await startSmtpSink({ user: "identity", pass: "smtp-password-for-tests" });
  const { settings } = mailSettingsFrom("development", { SMTP_URL: sink.url, MAIL_FROM: "no-reply@program.example.test" });
  service = await startTestService(clock.now, { mail: settings!, mailDeliveryPollMs: 100 });
}, 60_000);

afterAll(async () => {
  await service?.close();
  await sink?.close();
});

describe("the identity provider with SMTP configured", () => {
  it("sends an e-mail written to its outbox through the SMTP server, and keeps it in the development outbox", async () => {
    const receipt = await fetch(new URL("/api/portal/barrier-report-receipt", service.url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
      },
      body: JSON.stringify({ to: "reportera@example.test", reference: "BR-2026-QWERTY", language: "es" }),
    });
    expect(receipt.status).toBe(200);
    await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = sink.received;
    expect(mail!.to).toEqual(["reportera@example.test"]);
    const message = parseMime(mail!.raw);
    expect(message.headers.get("subject")).toBe("Recibimos su reporte de accesibilidad BR-2026-QWERTY");
    expect(message.headers.get("message-id")).toMatch(/^<[0-9a-f-]{36}@program\.example\.test>$/);
    expect(partsOf(message).get("text/plain")).toContain("BR-2026-QWERTY");
    expect(await emailsTo(service.url, "reportera@example.test")).toHaveLength(1);
  });
});
