import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { accountApiAt, latestCode, participants, startServiceWith, tokensFor } from "./support.ts";

/**
 * The password update is verified through the same step-up API as every other change, and what it
 * opens belongs to the session that passed the code: another session of the participant (stolen or
 * forgotten) cannot set the new password without passing a code itself.
 */
const base0 = { ...participants[0]!, phoneMethods: ["sms", "voice"] };
const people = {
  crossing: { ...base0, userId: "P1", email: "crossing@example.test", phone: "+15555559101" },
  reusing: { ...base0, userId: "P2", email: "reusing@example.test", phone: "+15555559102" },
  returning: { ...base0, userId: "P3", email: "returning@example.test", phone: "+15555559103" },
};
type Person = (typeof people)[keyof typeof people];

let service: RunningIdentityService;
let base: string;
const api = accountApiAt(() => base);

beforeAll(async () => {
  service = await startServiceWith("password-binding", Object.values(people));
  base = service.url;
});

afterAll(async () => {
  await service?.close();
});

const session = async (who: Person) => (await tokensFor(base, who)).tokens.access_token;

/** Start the update and pass a texted code in the session of `token`. */
async function verifyForPasswordUpdate(token: string, who: Person) {
  expect((await api("recover-password", token)).body.nextStep).toBe("authenticator-verification-data");
  const sent = await api("send-verification-code", token, { purpose: "password-update", authMethod: "sms" });
  expect(sent.body.nextStep).toBe("challenge-authenticator");
  const passed = await api("verify-code", token, { purpose: "password-update", code: (await latestCode(base, who.phone)).code });
  expect(passed.body.nextStep).toBe("reset-authenticator");
}

describe("the password update", () => {
  it("signed out mid-update and back in: the code already sent works in the new session, which then sets the password", async () => {
    const who = people.returning;
    const before = await session(who);
    expect((await api("recover-password", before)).status).toBe(200);
    expect((await api("send-verification-code", before, { purpose: "password-update", authMethod: "sms" })).status).toBe(200);
    const code = (await latestCode(base, who.phone)).code;

    const after = await session(who);
    expect((await api("verify-code", after, { purpose: "password-update", code })).body.nextStep).toBe("reset-authenticator");
    expect((await api("update-password", after, { password: "Returning-New-Password-1", attemptId: "attempt-back" })).body.nextStep).toBe(
      "done",
    );
  });

  it("verified in one session cannot be finished by another session", async () => {
    const who = people.crossing;
    const mine = await session(who);
    const stolen = await session(who);
    await verifyForPasswordUpdate(mine, who);

    const taken = await api("update-password", stolen, { password: "Stolen-Session-Password-1", attemptId: "attempt-stolen" });
    expect(taken.status).toBe(403);
    expect(taken.body.errorCode).toBe("freshVerificationRequired");
    // Asking for a code of its own does not move the verified session's update back a step.
    expect((await api("send-verification-code", stolen, { purpose: "password-update", authMethod: "sms" })).status).toBe(200);
    const mineSet = await api("update-password", mine, { password: "Crossing-New-Password-1", attemptId: "attempt-mine" });
    expect(mineSet.body.nextStep).toBe("done");
  });

  it("sets one password per passed code", async () => {
    const who = people.reusing;
    const token = await session(who);
    await verifyForPasswordUpdate(token, who);

    const refused = await api("update-password", token, { password: "short", attemptId: "attempt-short" });
    expect(refused.body.errorCode).toBe("passwordTooShort");
    expect((await api("update-password", token, { password: "Reusing-New-Password-1", attemptId: "attempt-1" })).body.nextStep).toBe(
      "done",
    );
    const again = await api("update-password", token, { password: "Reusing-Other-Password-2", attemptId: "attempt-2" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    // The first attempt, asked again after a lost answer, still learns it succeeded.
    expect((await api("password-update-status", token, { attemptId: "attempt-1" })).body.nextStep).toBe("done");
  });
});
