import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { totpCode } from "../../support/totp-codes";
import { accountApiAt, emailsTo, latestCode, participants, startTestService, tokensFor } from "./support.ts";

/**
 * A passed code belongs to the session that passed it and to the purpose that asked for it, and opens
 * one change only: a stolen or forgotten session of the same participant gains nothing from it.
 */
const APP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const base0 = { ...participants[0]!, phoneMethods: ["sms", "voice"] };
const people = {
  twoSessions: { ...base0, userId: "B1", email: "two-sessions@example.test", phone: "+15555559001" },
  withdrawing: { ...base0, userId: "B2", email: "withdrawing@example.test", phone: "+15555559002" },
  once: { ...base0, userId: "B3", email: "once@example.test", phone: "+15555559003" },
  listing: { ...base0, userId: "B4", email: "listing@example.test", phone: "+15555559004" },
  moving: { ...base0, userId: "B5", email: "moving@example.test", phone: "+15555559005" },
  appReplay: { ...base0, userId: "B7", email: "app-replay@example.test", phone: "+15555559007", totpSecret: APP_SECRET },
  appUser: { ...base0, userId: "B6", email: "app-user@example.test", phone: "+15555559006", totpSecret: APP_SECRET },
  recovering: {
    ...base0,
    userId: "B8",
    email: "recovering@example.test",
    phone: "+15555559008",
    recoveryCodes: ["7K3M9-Q2XPD", "4H8NW-R6TJC", "XW2PA-9KD3M"],
  },
};
type Person = { email: string; password: string; phone: string } & (typeof participants)[number];

let service: RunningIdentityService;
let base: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "idp-fresh-binding-"));
  const file = join(dir, "participants.json");
  await writeFile(file, JSON.stringify({ participants: Object.values(people) }));
  service = await startTestService(() => new Date(), {
    demoParticipantsFile: file,
    dataDir: join(dir, "db"),
    databaseUrl: await freshDatabaseUrl("identity_fresh_binding"),
  });
  base = service.url;
});

afterAll(async () => {
  await service?.close();
});

const api = accountApiAt(() => base);

const session = async (who: Person) => (await tokensFor(base, who)).tokens.access_token;

async function passCode(token: string, who: Person, purpose: "factors" | "withdrawal") {
  expect((await api("send-verification-code", token, { purpose, authMethod: "sms" })).status).toBe(200);
  const { code } = await latestCode(base, who.phone);
  const passed = await api("verify-code", token, { purpose, code });
  expect(passed.status).toBe(200);
}

describe("a passed code", () => {
  it("opens the factor changes of the session that passed it, not another session of the participant", async () => {
    const who = people.twoSessions;
    const mine = await session(who);
    const stolen = await session(who);
    await passCode(mine, who, "factors");

    expect((await api("totp-enrol-start", stolen)).body.errorCode).toBe("freshVerificationRequired");
    expect((await api("phone-change-start", stolen, { phone: "+15555559999" })).status).toBe(403);
    expect((await api("recovery-codes-regenerate", stolen)).status).toBe(403);
    expect((await api("totp-enrol-start", mine)).status).toBe(200);
  });

  it("for a withdrawal never opens the factor changes", async () => {
    const who = people.withdrawing;
    const token = await session(who);
    await passCode(token, who, "withdrawal");

    expect((await api("recovery-codes-regenerate", token)).body.errorCode).toBe("freshVerificationRequired");
    expect((await api("totp-enrol-start", token)).status).toBe(403);
  });

  it("opens one change only", async () => {
    const who = people.once;
    const token = await session(who);
    await passCode(token, who, "factors");

    expect((await api("recovery-codes-regenerate", token)).status).toBe(200);
    expect((await api("recovery-codes-regenerate", token)).body.errorCode).toBe("freshVerificationRequired");
  });

  it("shows as fresh only to the session that passed it", async () => {
    const who = people.listing;
    const mine = await session(who);
    const other = await session(who);
    await passCode(mine, who, "factors");

    const freshUntil = async (token: string) => ((await api("factors", token)).body.factors as { freshUntil: string | null }).freshUntil;
    expect(await freshUntil(mine)).not.toBeNull();
    expect(await freshUntil(other)).toBeNull();
  });
});

describe("a phone change", () => {
  const phoneOf = async (token: string) => ((await api("factors", token)).body.factors as { phone: string }).phone;

  it("opened by a code sent to the old number needs only the new number's code, and is e-mailed", async () => {
    const who = people.moving;
    const token = await session(who);
    await passCode(token, who, "factors");
    const newPhone = "+15555559177";

    expect((await api("phone-change-start", token, { phone: newPhone })).status).toBe(200);
    const onNew = await api("phone-change-confirm", token, { code: (await latestCode(base, newPhone)).code });
    expect(onNew.body.nextStep).toBe("done");
    expect(await phoneOf(token)).toMatch(/9177$/);
    expect((await emailsTo(base, who.email)).map((mail) => mail.subject)).toContain("Your sign-in methods changed: phone number changed");
  });

  it("opened by the authenticator app alone is refused until a code to the old number agrees", async () => {
    const who = people.appUser;
    const token = await session(who);
    const byApp = await api("verify-code", token, { purpose: "factors", method: "totp", code: totpCode(APP_SECRET, 1) });
    expect(byApp.status).toBe(200);
    const newPhone = "+15555559166";

    const refused = await api("phone-change-start", token, { phone: newPhone });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe("oldPhoneRequired");

    await passCode(token, who, "factors");
    expect((await api("phone-change-start", token, { phone: newPhone })).status).toBe(200);
    const wrong = await api("phone-change-confirm", token, { code: "000000" });
    expect(wrong.body.errorCode).toBe("codeInvalid");
    const onNew = await api("phone-change-confirm", token, { code: (await latestCode(base, newPhone)).code });
    expect(onNew.body.nextStep).toBe("done");
    expect(await phoneOf(token)).toMatch(/9166$/);
  });

  it("is not opened by a replayed app code, which is told apart from a wrong one", async () => {
    const who = people.appReplay;
    const token = await session(who);
    const code = totpCode(APP_SECRET, 1);
    expect((await api("verify-code", token, { purpose: "factors", method: "totp", code })).status).toBe(200);
    const replayed = await api("verify-code", token, { purpose: "factors", method: "totp", code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.errorCode).toBe("codeUsed");
  });
});

describe("a recovery code instead of a sent code", () => {
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { amr: string[] };

  it("opens a change of sign-in methods once, is spent, and is e-mailed; a phone change by it waits (no old number)", async () => {
    const who = people.recovering;
    const token = await session(who);
    const mailsBefore = (await emailsTo(base, who.email)).length;
    const passed = await api("verify-code", token, { purpose: "factors", method: "recovery", code: "7k3m9 q2xpd" });
    expect(passed.status).toBe(200);
    expect((await api("factors", token)).body.factors).toMatchObject({ recoveryCodesLeft: 2 });
    const mails = await emailsTo(base, who.email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.map((mail) => mail.subject)).toContain("Your sign-in methods changed: a recovery code was used to confirm it was you");
    expect(((await api("factors", token)).body.factors as { events: { kind: string }[] }).events.map((event) => event.kind)).toContain(
      "recovery-code-confirmed",
    );
    // Like the app or a passkey, it does not stand for the old number.
    expect((await api("phone-change-start", token, { phone: "+15555559188" })).body.errorCode).toBe("oldPhoneRequired");
    expect((await api("totp-enrol-start", token)).status).toBe(200);
    // Spent: the same code again is refused.
    const again = await api("verify-code", token, { purpose: "withdrawal", method: "recovery", code: "7K3M9-Q2XPD" });
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe("codeInvalid");
  });

  it("makes a withdrawal's proof marked as a recovery code, and never a raw-data download's (the code is kept)", async () => {
    const who = people.recovering;
    const token = await session(who);
    const download = await api("verify-code", token, { purpose: "download", method: "recovery", code: "4H8NW-R6TJC" });
    expect(download.status).toBe(403);
    expect(download.body.errorCode).toBe("recoveryNotForDownload");
    expect(download.body.verificationToken).toBeUndefined();
    const withdrawal = await api("verify-code", token, { purpose: "withdrawal", method: "recovery", code: "4H8NW-R6TJC" });
    expect(withdrawal.status).toBe(200);
    expect(claimsOf(String(withdrawal.body.verificationToken)).amr).toEqual(["rec"]);
    expect((await api("verify-code", token, { purpose: "withdrawal", method: "recovery", code: "" })).body.errorCode).toBe("codeRequired");
  });
});
