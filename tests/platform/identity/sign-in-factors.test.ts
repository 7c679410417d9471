import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../lib/postgres/index.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { totpCode } from "../../support/totp-codes";
import {
  accountApiAt,
  beginSignIn,
  Browser,
  latestCode,
  participants,
  postToken,
  REDIRECT_URI,
  startTestService,
  submit,
  type TokenResponse,
} from "./support.ts";

/** Secrets seeded for the demo's authenticator apps (base32), as an app would hold them. */
const TARA_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const OTTO_SECRET = "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA";
const RORY_CODES = ["2345A-BCDEF", "3456B-CDEFG"];

const base0 = participants[0]!;
const factorParticipants = [
  { ...base0, userId: "F1", email: "enrol@example.test", phone: "+15555557001" },
  { ...base0, userId: "F2", email: "tara@example.test", phone: "+15555557002", totpSecret: TARA_SECRET },
  // No phone: the authenticator app is the only factor.
  { ...base0, userId: "F3", email: "otto@example.test", phone: null, phoneMethods: [], totpSecret: OTTO_SECRET },
  { ...base0, userId: "F4", email: "rory@example.test", phone: "+15555557004", recoveryCodes: RORY_CODES },
];
type FactorParticipant = (typeof factorParticipants)[number];

let service: RunningIdentityService;
let base: string;
let dataDir: string;
let databaseUrl: string | undefined;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "idp-factors-"));
  const file = join(dir, "participants.json");
  await writeFile(file, JSON.stringify({ participants: factorParticipants }));
  dataDir = join(dir, "db");
  databaseUrl = await freshDatabaseUrl("identity_factors");
  service = await startTestService(() => new Date(), { demoParticipantsFile: file, dataDir, databaseUrl });
  base = service.url;
});

afterAll(async () => {
  await service?.close();
});

const api = accountApiAt(() => base);

/** identify, then whatever second step the page offers, driven by `second`; the tokens at the end. */
async function signInWith(
  who: FactorParticipant,
  second: (browser: Browser, html: string) => Promise<{ response: Response; html: string }>,
) {
  const browser = new Browser(base);
  const started = await beginSignIn(browser);
  const select = await submit(browser, started.html, { username: who.email, password: who.password });
  const last = await second(browser, select.html);
  const location = new URL(last.response.headers.get("location") ?? "http://nowhere.invalid");
  if (location.origin + location.pathname !== REDIRECT_URI) return { tokens: null, html: last.html };
  const token = await postToken(base, {
    grant_type: "authorization_code",
    code: location.searchParams.get("code")!,
    redirect_uri: REDIRECT_URI,
    code_verifier: started.pkce.verifier,
  });
  return { tokens: (await token.json()) as TokenResponse, html: last.html };
}

const bySms = (who: FactorParticipant) => async (browser: Browser, html: string) => {
  const challenge = await submit(browser, html, { authMethod: "sms" });
  return submit(browser, challenge.html, { intent: "verify", code: (await latestCode(base, who.phone!)).code });
};

const byApp = (secret: string) => async (browser: Browser, html: string) => {
  expect(html).toContain('value="totp"');
  const challenge = await submit(browser, html, { authMethod: "totp" });
  expect(challenge.html).toContain("authenticator app");
  const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
  return submit(browser, challenge.html, { intent: "verify", code: otp });
};

const claimsOf = (tokens: TokenResponse) =>
  JSON.parse(Buffer.from(tokens.id_token.split(".")[1]!, "base64url").toString()) as { amr: string[] };

describe("sign-in factors", () => {
  it("refuses factor changes without a fresh verification, then enrols an authenticator app with ten recovery codes", async () => {
    const who = factorParticipants[0]!;
    const { tokens } = await signInWith(who, bySms(who));
    const token = tokens!.access_token;
    expect((await api("totp-enrol-start", token)).body.errorCode).toBe("freshVerificationRequired");
    expect((await api("recovery-codes-regenerate", token)).status).toBe(403);
    expect((await api("passkey-register-start", token)).status).toBe(403);
    expect((await api("phone-change-start", token, { phone: "+15555557999" })).status).toBe(403);
    expect((await api("totp-remove", token)).status).toBe(403);

    expect((await api("send-verification-code", token, { purpose: "factors", authMethod: "sms" })).status).toBe(200);
    const { code } = await latestCode(base, who.phone!);
    expect((await api("verify-code", token, { purpose: "factors", code })).status).toBe(200);

    const started = await api("totp-enrol-start", token);
    const { secret, uri } = started.body.totp as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
    const confirmed = await api("totp-enrol-confirm", token, {
      code: otp,
      device: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);

    // The same code again within its window is refused: each code works once.
    const reused = await api("verify-code", token, { purpose: "factors", method: "totp", code: otp });
    expect(reused.status).toBe(400);

    const listed = (await api("factors", token)).body.factors as {
      totp: boolean;
      recoveryCodesLeft: number;
      events: Array<{ kind: string; device: string }>;
    };
    expect(listed.totp).toBe(true);
    expect(listed.recoveryCodesLeft).toBe(10);
    expect(listed.events.map((event) => event.kind)).toEqual(["recovery-codes-created", "totp-added"]);
    expect(listed.events[0]!.device).toBe("Chrome on Linux");

    const mail = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(who.email)}`, base))).json()) as Array<{
      subject?: string;
    }>;
    expect(mail.map((message) => message.subject)).toContain("Your sign-in methods changed: authenticator app added");
  });

  it("signs in with the authenticator app, and not twice with the same code", async () => {
    const who = factorParticipants[1]!;
    let usedCode = "";
    const { tokens } = await signInWith(who, async (browser, html) => {
      const challenge = await submit(browser, html, { authMethod: "totp" });
      usedCode = (await generateTOTP({ secret: TARA_SECRET, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
      return submit(browser, challenge.html, { intent: "verify", code: usedCode });
    });
    expect(claimsOf(tokens!).amr).toEqual(["pwd", "otp"]);

    const replay = await signInWith(who, async (browser, html) => {
      // The app is remembered as the last factor used: it is the one chosen.
      expect(html).toMatch(/<input(?=[^>]*\bvalue="totp")(?=[^>]*\bchecked\b)[^>]*>/);
      // Nothing is sent for the app: the question is how to confirm.
      expect(html).toContain("<legend>How do you want to confirm it&#39;s you?</legend>");
      expect(html).not.toContain("How should we send the code?");
      const challenge = await submit(browser, html, { authMethod: "totp" });
      return submit(browser, challenge.html, { intent: "verify", code: usedCode });
    });
    expect(replay.tokens).toBeNull();
    // A code typed again is told apart from a wrong one.
    expect(replay.html).toContain("This code was already used. Enter the next code your app shows.");
    expect(replay.html).not.toContain("The code entered is not correct");
  });

  it("refuses to remove the only factor", async () => {
    const who = factorParticipants[2]!;
    const { tokens } = await signInWith(who, byApp(OTTO_SECRET));
    const token = tokens!.access_token;
    // A fresh verification with the app itself: the next period's code (the sign-in used this one).
    const fresh = await api("verify-code", token, { purpose: "factors", method: "totp", code: totpCode(OTTO_SECRET, 1) });
    expect(fresh.status).toBe(200);
    const removed = await api("totp-remove", token, { device: "Firefox on Windows" });
    expect(removed.status).toBe(409);
    expect(removed.body.errorCode).toBe("lastFactor");
    expect(((await api("factors", token)).body.factors as { totp: boolean }).totp).toBe(true);
  });

  it("signs in with a recovery code once, and says so to the participant", async () => {
    const who = factorParticipants[3]!;
    const withCode = (typed: string) => async (browser: Browser, html: string) => {
      expect(html).toContain("/recovery-code");
      const page = await browser.follow(await browser.get(html.match(/href="([^"]*\/recovery-code)"/)![1]!));
      return submit(browser, await page.text(), { recoveryCode: typed });
    };
    const { tokens } = await signInWith(who, withCode("2345a bcdef"));
    expect(claimsOf(tokens!).amr).toEqual(["pwd", "otp", "rec"]);
    const again = await signInWith(who, withCode(RORY_CODES[0]!));
    expect(again.tokens).toBeNull();
    expect(again.html).toContain("not correct or was already used");
    const mail = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(who.email)}`, base))).json()) as Array<{
      subject?: string;
    }>;
    expect(mail.map((message) => message.subject)).toContain("Your sign-in methods changed: a recovery code was used to sign in");
  });

  it("keeps authenticator secrets and recovery codes out of a database dump", async () => {
    await service.close();
    const db = await openDatabase({ url: databaseUrl, dataDir });
    try {
      const tables = ["idp_totp_factors", "idp_recovery_codes", "idp_accounts", "idp_factor_events", "idp_outbox"];
      const dump = (await Promise.all(tables.map((table) => db.query(`SELECT * FROM ${table}`))))
        .map((rows) => JSON.stringify(rows))
        .join("\n");
      expect(dump).toContain("v1.");
      for (const secret of [TARA_SECRET, OTTO_SECRET, ...RORY_CODES, ...RORY_CODES.map((code) => code.replace("-", ""))])
        expect(dump).not.toContain(secret);
    } finally {
      await db.close();
      service = await startTestService(() => new Date(), { dataDir, databaseUrl, demoParticipantsFile: undefined });
    }
  });
});
