import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../lib/postgres/index.ts";
import { createDeliveryStore } from "../../../platform/identity/delivery/delivery-store.ts";
import { createPhoneDeliveryWorker } from "../../../platform/identity/phone/phone-delivery.ts";
import { smsSettingsFrom, type SmsSettings } from "../../../platform/identity/phone/sms-settings.ts";
import { createStatusCallbackRoute } from "../../../platform/identity/phone/status-callback.ts";
import { createTwilioTransport } from "../../../platform/identity/phone/twilio-transport.ts";
import { createOutbox, type Outbox } from "../../../platform/identity/store/outbox.ts";
import { identityDatabaseWith } from "../../support/identity-database.ts";
import { startTwilioApi, type TwilioApi } from "../../support/twilio-api.ts";

let workDir: string;
let api: TwilioApi;
let first: Database;
let second: Database;
let outbox: Outbox;
let settings: SmsSettings;
let identity: Server;
let issuer: string;
let clock = new Date("2026-11-28T10:00:00.000Z");
const now = () => clock;
const logLines: string[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });
const alerts = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.alert);

const MESSAGING_SERVICE = `MG${"4d".repeat(16)}`;
const VOICE_FROM = "+15017122661";

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "sms-delivery-"));
  api = await startTwilioApi();
  const parsed = smsSettingsFrom("production", {
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: api.accountSid,
    TWILIO_AUTH_TOKEN: api.authToken,
    TWILIO_MESSAGING_SERVICE_SID: MESSAGING_SERVICE,
    TWILIO_VOICE_FROM_NUMBER: VOICE_FROM,
    TWILIO_API_URL: api.url,
    SMS_MAX_ATTEMPTS: "3",
  });
  expect(parsed.problems).toEqual([]);
  settings = parsed.settings!;
  ({ first, second } = await identityDatabaseWith("sms_delivery", [], workDir));
  outbox = createOutbox(first, now);
  // The identity service's status callback route, alone on a port of this machine: the provider posts its reports here.
  const route = createStatusCallbackRoute({ outbox, authToken: api.authToken, issuer: "http://placeholder", logger });
  identity = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => identity.listen(0, "127.0.0.1", () => resolve()));
  issuer = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
  const bound = createStatusCallbackRoute({ outbox, authToken: api.authToken, issuer, logger });
  identity.removeAllListeners("request");
  identity.on("request", (req, res) => void bound(req, res));
});

afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => identity?.close(resolve));
  await Promise.all([first?.close(), second && second !== first ? second.close() : null]);
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await first.query("UPDATE idp_outbox SET sent_at = now() WHERE sent_at IS NULL AND failed_at IS NULL");
  api.requests.length = 0;
  api.callbacks.length = 0;
  logLines.length = 0;
});

function workerOn(db: Database, timeoutMs = 2000, maxAttempts = settings.maxAttempts) {
  return createPhoneDeliveryWorker({ db, settings: { ...settings, maxAttempts }, issuer, now, logger, timeoutMs, backoffMs: () => 5_000 });
}

let numbers = 0;
/** A 555 number of this test's own. */
const phone = () => `+1555010${String(++numbers).padStart(4, "0")}`;

async function queue(channel: "sms" | "voice", to: string, code: string, locale: "en" | "es" = "en", flowKey = `flow-${to}`) {
  await outbox.deliver({ channel, to, code, locale, flowKey, purpose: "sign-in" });
  return flowKey;
}

const expectNoSecretsLogged = (...secrets: string[]) => {
  const everything = logLines.join("\n");
  for (const secret of [...secrets, api.authToken]) expect(everything).not.toContain(secret);
};

describe("texts and calls through the Twilio SDK", () => {
  it("sends a text in the participant's language: the account's credentials, the number, the words, the status callback and the row's idempotency key", async () => {
    const [ada, bea] = [phone(), phone()];
    const adaFlow = await queue("sms", ada, "482913", "en");
    await queue("sms", bea, "730164", "es");
    expect(await workerOn(first).runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(api.requests).toHaveLength(2);
    const [english, spanish] = api.requests;
    expect(english!.method).toBe("POST");
    expect(english!.path).toBe(`/2010-04-01/Accounts/${api.accountSid}/Messages.json`);
    expect(english!.headers.authorization).toBe(`Basic ${Buffer.from(`${api.accountSid}:${api.authToken}`).toString("base64")}`);
    expect(english!.headers["user-agent"]).toMatch(/^twilio-node\/6\.3\.1 /);
    expect(english!.form).toMatchObject({ To: ada, MessagingServiceSid: MESSAGING_SERVICE, ValidityPeriod: "600" });
    expect(english!.form.Body).toBe(
      "DNA Discovery Program: your code is 482913. It expires in 10 minutes. Never share it; we will never ask you for it.\n\n@127.0.0.1 #482913",
    );
    expect(spanish!.form.Body).toMatch(/^Programa DNA Discovery: su codigo es 730164\. Caduca en 10 minutos\./);
    const uuids = await first.query<{ message_uuid: string; destination: string; provider_id: string }>(
      "SELECT message_uuid, destination, provider_id FROM idp_outbox WHERE destination = ANY($1::text[]) ORDER BY id",
      [[ada, bea]],
    );
    expect(english!.headers["i-twilio-idempotency-token"]).toBe(uuids[0]!.message_uuid);
    expect(spanish!.headers["i-twilio-idempotency-token"]).toBe(uuids[1]!.message_uuid);
    expect(english!.form.StatusCallback).toBe(`${issuer}/provider/twilio/status?m=${uuids[0]!.message_uuid}`);
    expect(uuids[0]!.provider_id).toBe(english!.sid);
    // The provider's signed reports come back: sent, then delivered.
    await expect.poll(() => api.callbacks.length).toBe(4);
    expect(api.callbacks.map((each) => each.status)).toEqual([204, 204, 204, 204]);
    expect(await outbox.deliveryOf(adaFlow)).toMatchObject({ state: "delivered", refusal: null });
    expectNoSecretsLogged(ada, bea, "482913", "730164");
  });

  it("calls with TwiML that reads the code digit by digit, twice, in an English or a Spanish voice", async () => {
    const [ana, teo] = [phone(), phone()];
    await queue("voice", ana, "50917", "en");
    await queue("voice", teo, "28461", "es");
    expect(await workerOn(first).runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const [english, spanish] = api.requests;
    expect(english!.path).toBe(`/2010-04-01/Accounts/${api.accountSid}/Calls.json`);
    expect(english!.form).toMatchObject({ To: ana, From: VOICE_FROM, StatusCallbackMethod: "POST", StatusCallbackEvent: "completed" });
    expect(english!.form.StatusCallback).toMatch(new RegExp(`^${issuer}/provider/twilio/status\\?m=[0-9a-f-]{36}$`));
    const says = (twiml: string) => [...twiml.matchAll(/<Say voice="([^"]+)" language="([^"]+)">([^<]+)<\/Say>/g)].map((m) => m.slice(1));
    const englishSays = says(english!.form.Twiml!);
    expect(englishSays.every(([voice, language]) => voice === "Polly.Joanna" && language === "en-US")).toBe(true);
    expect(englishSays.filter(([, , words]) => words!.includes("5, 0, 9, 1, 7."))).toHaveLength(2);
    const spanishSays = says(spanish!.form.Twiml!);
    expect(spanishSays.every(([voice, language]) => voice === "Polly.Lupe" && language === "es-US")).toBe(true);
    expect(spanishSays[0]![2]).toBe("Hola. Le llama Programa DNA Discovery. Su código es: 2, 8, 4, 6, 1.");
    expect(spanishSays.filter(([, , words]) => words!.includes("2, 8, 4, 6, 1."))).toHaveLength(2);
    expectNoSecretsLogged(ana, teo, "50917", "28461");
  });

  it.each([
    ["21211", "invalid-number"],
    ["21614", "not-sms-capable"],
    ["21610", "opted-out"],
  ] as const)(
    "marks a text failed at once when the provider refuses it for good (%s), with an alert naming neither number nor code",
    async (code, refusal) => {
      const to = phone();
      api.script(to, code);
      const flow = await queue("sms", to, "615243");
      expect(await workerOn(first).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "failed", refusal });
      expect(alerts()).toEqual([expect.objectContaining({ alert: "sms-failed", level: 50, refusal, purpose: "sign-in", attempts: 1 })]);
      expect(String(alerts()[0]!.reason)).toMatch(new RegExp(`^${code} `));
      // Never tried again.
      clock = new Date(clock.getTime() + 60_000);
      expect(await workerOn(first).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(api.requests).toHaveLength(1);
      expectNoSecretsLogged(to, "615243");
    },
  );

  it("answers the test credentials' magic numbers as the provider documents them", async () => {
    const flow = await queue("sms", "+15005550004", "101010");
    expect(await workerOn(first).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "failed", refusal: "opted-out" });
  });

  it("tries again with back-off after 429 (20429), a 500 and a timeout, and the text goes out once under one key", async () => {
    const to = phone();
    api.script(to, "20429", "500", "timeout");
    const flow = await queue("sms", to, "246810");
    const worker = workerOn(first, 300, 6);
    const rounds = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      rounds.push(await worker.runOnce());
      // Not before its back-off has passed.
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      clock = new Date(clock.getTime() + 5_000);
    }
    expect(rounds).toEqual([
      { sent: 0, retried: 1, failed: 0 },
      { sent: 0, retried: 1, failed: 0 },
      { sent: 0, retried: 1, failed: 0 },
    ]);
    const [row] = await first.query<{ last_error: string }>("SELECT last_error FROM idp_outbox WHERE flow_key = $1", [flow]);
    expect(row!.last_error).toBe("timeout");
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(api.requests.map((each) => each.status)).toEqual([429, 500, 0, 201]);
    expect(new Set(api.requests.map((each) => each.headers["i-twilio-idempotency-token"])).size).toBe(1);
    expect(new Set(api.requests.map((each) => each.form.Body)).size).toBe(1);
    expect(alerts()).toEqual([]);
  });

  it("gives up after SMS_MAX_ATTEMPTS answers of trouble and says so with an alert", async () => {
    const to = phone();
    api.script(to, "500", "500", "500");
    const flow = await queue("sms", to, "135791");
    const worker = workerOn(first);
    for (let attempt = 0; attempt < 3; attempt++) {
      await worker.runOnce();
      clock = new Date(clock.getTime() + 5_000);
    }
    expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "failed", refusal: "other" });
    expect(alerts()).toEqual([expect.objectContaining({ alert: "sms-failed", attempts: 3, reason: "20500 500" })]);
  });

  it("a crash between sending and marking sends the same code again under the same idempotency key, never a new code", async () => {
    const to = phone();
    await queue("sms", to, "864209");
    // A worker that sends and dies before it marks the row as sent.
    const [taken] = await createDeliveryStore(first, now, ["sms", "voice"]).claim(5, 60_000, 600_000);
    await createTwilioTransport(settings.twilio, {
      statusCallbackUrl: () => `${issuer}/provider/twilio/status`,
      pagesHost: "127.0.0.1",
    }).send(taken!);
    const worker = workerOn(second);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock = new Date(clock.getTime() + 60_000);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(api.requests).toHaveLength(2);
    expect(api.requests[0]!.headers["i-twilio-idempotency-token"]).toBe(api.requests[1]!.headers["i-twilio-idempotency-token"]);
    expect(api.requests.map((each) => each.form.Body?.match(/code is (\d+)/)?.[1])).toEqual(["864209", "864209"]);
  });

  it("sends each text once when two delivery workers race for the same outbox", async () => {
    for (let index = 0; index < 10; index++) await queue("sms", phone(), String(100000 + index));
    const one = workerOn(first);
    const two = workerOn(second);
    const rounds = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(10);
    expect(api.requests).toHaveLength(10);
    expect(new Set(api.requests.map((each) => each.headers["i-twilio-idempotency-token"])).size).toBe(10);
  });

  it("does not send a code text that waited longer than a code lives", async () => {
    const flow = await queue("sms", phone(), "999000");
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect(await workerOn(first).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(api.requests).toHaveLength(0);
    expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "failed" });
    expect(alerts()).toEqual([expect.objectContaining({ alert: "sms-failed", reason: "too old" })]);
  });
});

describe("the provider's status callbacks", () => {
  async function sentText(answer: "accept" | "undelivered" = "accept") {
    const to = phone();
    api.script(to, answer);
    const flow = await queue("sms", to, "777111");
    await workerOn(first).runOnce();
    await expect.poll(() => api.callbacks.filter((each) => each.params.To === to).length).toBe(2);
    const [{ message_uuid }] = (await first.query<{ message_uuid: string }>("SELECT message_uuid FROM idp_outbox WHERE flow_key = $1", [
      flow,
    ])) as [{ message_uuid: string }];
    return { to, flow, url: `${issuer}/provider/twilio/status?m=${message_uuid}` };
  }

  const post = (url: string, params: Record<string, string>, signature?: string) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(signature ? { "x-twilio-signature": signature } : {}) },
      body: new URLSearchParams(params).toString(),
    });

  it("records an undelivered text and raises an alert without the number", async () => {
    const { to, flow } = await sentText("undelivered");
    expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "undelivered", refusal: null });
    expect(alerts()).toEqual([expect.objectContaining({ alert: "sms-undelivered", level: 50, errorCode: "30003", status: "undelivered" })]);
    expectNoSecretsLogged(to, "777111");
  });

  it("refuses an unsigned or wrongly signed report with a 403 and changes nothing", async () => {
    const { flow, url } = await sentText();
    const lie = { MessageStatus: "undelivered", ErrorCode: "30003", AccountSid: api.accountSid };
    expect((await post(url, lie)).status).toBe(403);
    expect((await post(url, lie, twilio.getExpectedTwilioSignature("not-the-auth-token-000000000000", url, lie))).status).toBe(403);
    // Signed for other parameters, or another row.
    const signedOther = twilio.getExpectedTwilioSignature(api.authToken, url, { ...lie, MessageStatus: "delivered" });
    expect((await post(url, lie, signedOther)).status).toBe(403);
    expect((await post(`${url}0`, lie, twilio.getExpectedTwilioSignature(api.authToken, url, lie))).status).toBe(403);
    expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "delivered" });
    expect(alerts()).toEqual([]);
  });

  it("never moves a text back to an earlier status when reports arrive out of order", async () => {
    const { flow, url } = await sentText();
    const late = { MessageStatus: "sent", AccountSid: api.accountSid };
    expect((await post(url, late, twilio.getExpectedTwilioSignature(api.authToken, url, late))).status).toBe(204);
    expect(await outbox.deliveryOf(flow)).toMatchObject({ state: "delivered" });
  });
});
