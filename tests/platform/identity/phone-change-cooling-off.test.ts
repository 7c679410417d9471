import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { totpCode } from "../../support/totp-codes";
import { accountApiAt, createTestClock, emailsTo, latestCode, participants, startTestService, tokensFor } from "./support.ts";

/**
 * A new phone number without a code to the old one (lost, or none) is only requested: it waits out the
 * cooling-off period, the old number keeps working meanwhile, the participant can cancel it, and it is
 * e-mailed when it starts and when it ends. Agreed by the old number it goes through at once, e-mailed too.
 */
const APP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const HOUR_MS = 3_600_000;
/** Shorter than the 72 h default so the sessions (12 h at most) outlive it; the default has its own test. */
const COOLING_OFF_HOURS = 2;
const base0 = { ...participants[0]!, phoneMethods: ["sms", "voice"], totpSecret: APP_SECRET };
const people = {
  waiting: { ...base0, userId: "C1", email: "waiting@example.test", phone: "+15555558001" },
  cancelling: { ...base0, userId: "C2", email: "cancelling@example.test", phone: "+15555558002", locale: "es" },
  signingIn: { ...base0, userId: "C3", email: "signing-in@example.test", phone: "+15555558003" },
  agreed: { ...base0, userId: "C4", email: "agreed@example.test", phone: "+15555558004", locale: "es" },
  replacing: { ...base0, userId: "C5", email: "replacing@example.test", phone: "+15555558005" },
};
type Person = (typeof people)[keyof typeof people];

const clock = createTestClock();
let service: RunningIdentityService;
let base: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "idp-phone-cooling-off-"));
  const file = join(dir, "participants.json");
  await writeFile(file, JSON.stringify({ participants: Object.values(people) }));
  service = await startTestService(clock.now, {
    demoParticipantsFile: file,
    dataDir: join(dir, "db"),
    databaseUrl: await freshDatabaseUrl("identity_phone_cooling_off"),
    phoneChangeCoolingOffHours: COOLING_OFF_HOURS,
    phoneChangeSweepMs: 0,
  });
  base = service.url;
});

afterAll(async () => {
  await service?.close();
});

const api = accountApiAt(() => base);

type Factors = {
  phone: string | null;
  events: { kind: string }[];
  pendingPhoneChange: { phone: string; requestedAt: string; effectiveAt: string } | null;
};
const factorsOf = async (token: string) => (await api("factors", token)).body.factors as Factors;
const session = async (who: Person) => (await tokensFor(base, who)).tokens.access_token;
const subjects = async (who: Person) => (await emailsTo(base, who.email)).map((mail) => mail.subject);

/**
 * Confirms it's them with the app: the code of the real time, checked at the service's clock, a time
 * step later each time (so none is a replay).
 */
async function passByApp(token: string) {
  clock.advance(60_000);
  const passed = await api("verify-code", token, { purpose: "factors", method: "totp", code: totpCode(APP_SECRET) });
  expect(passed.body).toMatchObject({ status: "SUCCESS" });
}

async function requestWithoutOldNumber(token: string, newPhone: string) {
  await passByApp(token);
  expect((await api("phone-change-start", token, { phone: newPhone, oldNumberUnavailable: true })).status).toBe(200);
  return api("phone-change-confirm", token, {
    code: (await latestCode(base, newPhone)).code,
    device: "Mozilla/5.0 (X11; Linux) Chrome/130",
  });
}

describe("a phone change without a code to the old number", () => {
  it("is refused unless the participant says the old number cannot receive codes", async () => {
    const token = await session(people.replacing);
    await passByApp(token);
    const refused = await api("phone-change-start", token, { phone: "+15555558905" });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe("oldPhoneRequired");
  });

  it("is requested, not applied; after the cooling-off period it is applied once, even by two appliers at the same time", async () => {
    const who = people.waiting;
    const token = await session(who);
    const requested = await requestWithoutOldNumber(token, "+15555558901");
    expect(requested.status).toBe(200);
    expect(requested.body.nextStep).toBe("cooling-off");
    const effectiveAt = Date.parse(String(requested.body.effectiveAt));
    expect(effectiveAt - clock.now().getTime()).toBeGreaterThan((COOLING_OFF_HOURS - 0.1) * HOUR_MS);

    const waiting = await factorsOf(token);
    expect(waiting.phone).toMatch(/8001$/);
    expect(waiting.pendingPhoneChange?.phone).toMatch(/8901$/);
    expect(waiting.pendingPhoneChange?.effectiveAt).toBe(new Date(effectiveAt).toISOString());

    const [requestedMail] = (await emailsTo(base, who.email)).filter(
      (mail) => mail.subject === "A change of your phone number was requested",
    );
    expect(requestedMail?.body).toContain("(***) ***-8901");
    expect(requestedMail?.body).toMatch(/takes effect on \w+ \d+, \d{4}.* UTC/);
    expect(requestedMail?.body).toContain("cancel it on Login & Security (http://localhost:4999/profile/security)");

    // The old number still signs in meanwhile.
    clock.advance((COOLING_OFF_HOURS - 0.5) * HOUR_MS);
    expect((await factorsOf(token)).phone).toMatch(/8001$/);
    const other = await session(who);
    expect((await factorsOf(other)).pendingPhoneChange).not.toBeNull();

    clock.advance(HOUR_MS);
    const [first, second] = await Promise.all([factorsOf(token), factorsOf(other)]);
    expect(first.phone).toMatch(/8901$/);
    expect(second.phone).toMatch(/8901$/);
    expect(first.pendingPhoneChange).toBeNull();
    const after = await factorsOf(token);
    expect(after.events.filter((event) => event.kind === "phone-changed")).toHaveLength(1);
    expect((await subjects(who)).filter((subject) => subject === "Your phone number was changed")).toHaveLength(1);
  });

  it("is applied when the participant next signs in", async () => {
    const who = people.signingIn;
    const token = await session(who);
    expect((await requestWithoutOldNumber(token, "+15555558903")).body.nextStep).toBe("cooling-off");
    clock.advance((COOLING_OFF_HOURS + 1) * HOUR_MS);
    // The sign-in's code still goes to the old number; the change is applied as the sign-in ends.
    const signedIn = await session(who);
    expect(await subjects(who)).toContain("Your phone number was changed");
    const applied = await factorsOf(signedIn);
    expect(applied.phone).toMatch(/8903$/);
    expect(applied.events.filter((event) => event.kind === "phone-changed")).toHaveLength(1);
  });

  it("can be cancelled, is then never applied, and both e-mails are in the participant's language", async () => {
    const who = people.cancelling;
    const token = await session(who);
    expect((await requestWithoutOldNumber(token, "+15555558902")).body.nextStep).toBe("cooling-off");
    const requestedMail = (await emailsTo(base, who.email)).find(
      (mail) => mail.subject === "Se solicitó un cambio de su número de teléfono",
    );
    expect(requestedMail?.body).toContain("Entrará en vigor el");
    expect(requestedMail?.body).toContain("(***) ***-8902");

    const cancelled = await api("phone-change-cancel", token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled).toBe(true);
    expect((await api("phone-change-cancel", token)).body.cancelled).toBe(false);
    expect((await factorsOf(token)).pendingPhoneChange).toBeNull();
    expect((await subjects(who)).filter((subject) => subject === "Se canceló el cambio de su número de teléfono")).toHaveLength(1);

    clock.advance((COOLING_OFF_HOURS + 1) * HOUR_MS);
    const later = await factorsOf(token);
    expect(later.phone).toMatch(/8002$/);
    expect(later.events.some((event) => event.kind === "phone-changed")).toBe(false);
  });

  it("replaces one still waiting, which is told as cancelled", async () => {
    const who = people.replacing;
    const token = await session(who);
    await requestWithoutOldNumber(token, "+15555558915");
    await requestWithoutOldNumber(token, "+15555558925");
    expect((await factorsOf(token)).pendingPhoneChange?.phone).toMatch(/8925$/);
    expect(await subjects(who)).toContain("The change of your phone number was cancelled");
  });
});

describe("a phone change agreed by a code to the old number", () => {
  it("goes through at once, e-mailed at its start and at its end", async () => {
    const who = people.agreed;
    const token = await session(who);
    expect((await api("send-verification-code", token, { purpose: "factors", authMethod: "sms" })).status).toBe(200);
    expect((await api("verify-code", token, { purpose: "factors", code: (await latestCode(base, who.phone)).code })).status).toBe(200);
    const newPhone = "+15555558904";
    expect((await api("phone-change-start", token, { phone: newPhone })).status).toBe(200);
    const started = (await emailsTo(base, who.email)).find((mail) => mail.subject === "Se inició un cambio de su número de teléfono");
    expect(started?.body).toContain("(***) ***-8904");
    // 'Resend code' is the same change: no second e-mail.
    clock.advance(31_000);
    expect((await api("phone-change-start", token, { phone: newPhone })).status).toBe(200);
    expect((await subjects(who)).filter((subject) => subject === "Se inició un cambio de su número de teléfono")).toHaveLength(1);
    const done = await api("phone-change-confirm", token, { code: (await latestCode(base, newPhone)).code });
    expect(done.body.nextStep).toBe("done");
    expect((await factorsOf(token)).phone).toMatch(/8904$/);
    expect(await subjects(who)).toContain("Cambiaron sus métodos de inicio de sesión: se cambió el número de teléfono");
  });
});

describe("the cooling-off period", () => {
  it("is 72 hours unless PHONE_CHANGE_COOLING_OFF_HOURS says otherwise, and never none", () => {
    expect(loadConfigFromEnv({}).phoneChangeCoolingOffHours).toBe(72);
    expect(loadConfigFromEnv({ PHONE_CHANGE_COOLING_OFF_HOURS: "24" }).phoneChangeCoolingOffHours).toBe(24);
    expect(() => loadConfigFromEnv({ PHONE_CHANGE_COOLING_OFF_HOURS: "0" })).toThrow(/PHONE_CHANGE_COOLING_OFF_HOURS/);
  });
});
