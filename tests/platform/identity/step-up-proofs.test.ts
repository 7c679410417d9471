import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { SoftPasskey } from "../../support/soft-passkey.ts";
import { accountApiAt, latestCode, participants, PORTAL_URL, startTestService, tokensFor } from "./support.ts";

/**
 * A step-up proof (the withdrawal's fresh verification) names the method that was really used, and a
 * withdrawal receipt is e-mailed only for a request the results service confirms is the participant's.
 */
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const base0 = { ...participants[0]!, phoneMethods: ["sms", "voice"], middleName: "King" };
const people = {
  sms: { ...base0, userId: "S1", email: "sms@example.test", phone: "+15555558001" },
  app: { ...base0, userId: "S2", email: "app@example.test", phone: "+15555558002", totpSecret: TOTP_SECRET },
  passkey: { ...base0, userId: "S3", email: "passkey@example.test", phone: "+15555558003" },
  voice: { ...base0, userId: "S4", email: "voice@example.test", phone: "+15555558004" },
  receipts: { ...base0, userId: "S5", email: "receipts@example.test", phone: "+15555558005" },
};

/** The results service's withdrawal list, as the identity provider reads it (a small fake). */
const recorded = new Map<string, string[]>([["S5", ["WD-2026-AAAAAA"]]]);
let resultsAnswer: "list" | 503 = "list";
const resultsCalls: { path: string; authorization: string | undefined }[] = [];
let results: Server;

let service: RunningIdentityService;
let base: string;

beforeAll(async () => {
  results = createServer((req, res) => {
    resultsCalls.push({ path: req.url ?? "", authorization: req.headers.authorization });
    const match = /^\/withdrawals\/([^/?]+)$/.exec(req.url ?? "");
    res.setHeader("content-type", "application/json");
    if (resultsAnswer === 503) return res.writeHead(503).end(JSON.stringify({ status: 503, message: "unavailable" }));
    if (!match) return res.writeHead(404).end(JSON.stringify({ status: 404, message: "not found" }));
    const references = recorded.get(decodeURIComponent(match[1]!)) ?? [];
    res.end(
      JSON.stringify({
        withdrawals: references.map((reference) => ({
          reference,
          choice: "stop-research",
          status: "received",
          requestedAt: new Date().toISOString(),
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => results.listen(0, "127.0.0.1", resolve));
  const dir = await mkdtemp(join(tmpdir(), "idp-step-up-"));
  const file = join(dir, "participants.json");
  await writeFile(file, JSON.stringify({ participants: Object.values(people) }));
  service = await startTestService(() => new Date(), {
    demoParticipantsFile: file,
    dataDir: join(dir, "db"),
    databaseUrl: await freshDatabaseUrl("identity_step_up"),
    resultsApiUrl: `http://127.0.0.1:${(results.address() as AddressInfo).port}`,
    // The kit-step poller would call this stand-in every few seconds, among the calls a test counts.
    kitStepPollMs: 0,
  });
  base = service.url;
});

afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => results?.close(resolve));
});

beforeEach(() => {
  resultsAnswer = "list";
  resultsCalls.length = 0;
});

const api = accountApiAt(() => base);

const amrOf = (proof: unknown) => (JSON.parse(Buffer.from(String(proof).split(".")[1]!, "base64url").toString()) as { amr: string[] }).amr;

async function byCode(who: (typeof people)[keyof typeof people], token: string, purpose: string, authMethod: "sms" | "voice" = "sms") {
  expect((await api("send-verification-code", token, { purpose, authMethod })).status).toBe(200);
  const { code } = await latestCode(base, who.phone);
  const checked = await api("verify-code", token, { purpose, code });
  expect(checked.status).toBe(200);
  return checked.body.verificationToken;
}

const claimsOf = (proof: unknown) =>
  JSON.parse(Buffer.from(String(proof).split(".")[1]!, "base64url").toString()) as { purpose: string; uid: string; aud: string };

describe("a proof for downloading raw genetic data", () => {
  it("is given for the purpose 'download' after a code, for the participant, to the results service's step-up audience", async () => {
    const { tokens } = await tokensFor(base, people.sms);
    const proof = await byCode(people.sms, tokens.access_token, "download");
    expect(claimsOf(proof)).toMatchObject({ purpose: "download", uid: people.sms.userId });
    expect(claimsOf(proof).aud).toMatch(/\/step-up$/);
  });
});

describe("a step-up proof names the method really used", () => {
  it("a text code: sms", async () => {
    const { tokens } = await tokensFor(base, people.sms);
    expect(amrOf(await byCode(people.sms, tokens.access_token, "withdrawal"))).toEqual(["sms"]);
  });

  it("a voice code: tel", async () => {
    const { tokens } = await tokensFor(base, people.voice);
    expect(amrOf(await byCode(people.voice, tokens.access_token, "withdrawal", "voice"))).toEqual(["tel"]);
  });

  it("the authenticator app: otp, not sms", async () => {
    const { tokens } = await tokensFor(base, people.app);
    const { otp } = await generateTOTP({ secret: TOTP_SECRET, period: 30, digits: 6, algorithm: "SHA-1" });
    const checked = await api("verify-code", tokens.access_token, { purpose: "withdrawal", method: "totp", code: otp });
    expect(checked.status).toBe(200);
    expect(amrOf(checked.body.verificationToken)).toEqual(["otp"]);
  });

  it("a passkey: hwk, not sms", async () => {
    const { tokens } = await tokensFor(base, people.passkey);
    const token = tokens.access_token;
    await byCode(people.passkey, token, "factors");
    const key = new SoftPasskey(new URL(PORTAL_URL).hostname, PORTAL_URL);
    const started = await api("passkey-register-start", token);
    expect(
      (
        await api("passkey-register-finish", token, {
          credential: key.register(started.body.passkeyOptions as { challenge: string }),
          name: "Laptop",
        })
      ).status,
    ).toBe(200);
    const assertStart = await api("passkey-assert-start", token, { purpose: "withdrawal" });
    const asserted = await api("passkey-assert-finish", token, {
      purpose: "withdrawal",
      credential: key.assert(assertStart.body.passkeyOptions as { challenge: string }),
    });
    expect(asserted.status).toBe(200);
    expect(amrOf(asserted.body.verificationToken)).toEqual(["hwk"]);
  });
});

describe("a withdrawal receipt (send-notice)", () => {
  const receiptsTo = async (email: string) =>
    (
      (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(email)}`, base))).json()) as Array<{
        subject?: string;
        body?: string;
      }>
    ).filter((message) => message.subject?.includes("withdrawal"));

  it("is e-mailed only for a reference the results service lists as the participant's", async () => {
    const { tokens } = await tokensFor(base, people.receipts);
    const unknown = await api("send-notice", tokens.access_token, { kind: "withdrawal-receipt", reference: "WD-2026-ZZZZZZ" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe("notFound");
    expect(await receiptsTo(people.receipts.email)).toEqual([]);

    const known = await api("send-notice", tokens.access_token, {
      kind: "withdrawal-receipt",
      reference: "WD-2026-AAAAAA",
      device: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    });
    expect(known.status).toBe(200);
    const [receipt] = await receiptsTo(people.receipts.email);
    expect(receipt!.subject).toBe("We received your withdrawal request WD-2026-AAAAAA");
    // The receipt summarises the request: what was asked, when, from which device, what comes next, and what to do if it was not them.
    expect(receipt!.body).toMatch(
      /^We received your withdrawal request WD-2026-AAAAAA on [A-Z][a-z]+ \d{1,2}, \d{4} at .+ UTC, made from Safari on macOS\./,
    );
    expect(receipt!.body).toContain("You asked us to stop using your data and sample in new research. Your account and reports stay.");
    expect(receipt!.body).toContain("We will write to you when your request has been carried out, within 30 days.");
    expect(receipt!.body).toContain("/profile/studies/withdrawal/WD-2026-AAAAAA");
    expect(receipt!.body).toContain("If you did not make this request, call participant support at once");
    // Asked with the participant's own token, for the participant's own list (the notice relay's own calls aside).
    const withdrawalCalls = resultsCalls.filter((call) => call.path.startsWith("/withdrawals/"));
    expect(withdrawalCalls.map((call) => call.path)).toEqual(["/withdrawals/S5", "/withdrawals/S5"]);
    expect(withdrawalCalls.every((call) => call.authorization === `Bearer ${tokens.access_token}`)).toBe(true);
  });

  it("says 'try again' (503) and sends nothing while the results service cannot confirm, then sends it once it can", async () => {
    recorded.set("S5", ["WD-2026-AAAAAA", "WD-2026-BBBBBB"]);
    const { tokens } = await tokensFor(base, people.receipts);
    resultsAnswer = 503;
    const refused = await api("send-notice", tokens.access_token, { kind: "withdrawal-receipt", reference: "WD-2026-BBBBBB" });
    expect(refused.status).toBe(503);
    expect(refused.body.errorCode).toBe("tryAgainLater");
    expect((await receiptsTo(people.receipts.email)).map((message) => message.subject)).not.toContain(
      "We received your withdrawal request WD-2026-BBBBBB",
    );
    resultsAnswer = "list";
    expect((await api("send-notice", tokens.access_token, { kind: "withdrawal-receipt", reference: "WD-2026-BBBBBB" })).status).toBe(200);
    expect((await receiptsTo(people.receipts.email)).map((message) => message.subject)).toContain(
      "We received your withdrawal request WD-2026-BBBBBB",
    );
  });
});
