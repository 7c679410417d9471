import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callPortalRoute } from "../../support/route-call";
import { cookiePairs, PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * The password update's step machine (SPEC.md §4), its loader and action called directly with a real
 * session against a small account API on a real socket: which step a POST may move, what a refused
 * or early request answers, what is never sent back, and how an ended session leaves the flow.
 */
const FLOW_PATH = "/profile/security/password";
const idp = portalAgainstFakeProvider();
let route: typeof import("~/routes/_portal.profile.security.password");

beforeAll(async () => {
  route = await import("~/routes/_portal.profile.security.password");
});

let session: string;

beforeEach(async () => {
  idp.reset();
  session = await signedInParticipant(idp);
  idp.answerAccountOperation("recover-password", () => ({
    status: 200,
    body: { status: "SUCCESS", nextStep: "authenticator-verification-data", phoneNumber: "+15555550101" },
  }));
  idp.answerAccountOperation("send-verification-code", () => ({
    status: 200,
    body: { status: "PENDING", nextStep: "challenge-authenticator" },
  }));
  idp.answerAccountOperation("verify-code", () => ({ status: 200, body: { status: "PENDING", nextStep: "reset-authenticator" } }));
  idp.answerAccountOperation("update-password", () => ({ status: 200, body: { status: "SUCCESS" } }));
});

function post(fields: Record<string, string>): Promise<Response> {
  const request = new Request(`${PORTAL}${FLOW_PATH}`, {
    method: "POST",
    headers: { Cookie: session, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return callPortalRoute(route.action, request);
}

async function currentStep(): Promise<{ status: number; location: string | null; view: Record<string, unknown> | null }> {
  const request = new Request(`${PORTAL}${FLOW_PATH}`, { headers: { Cookie: session } });
  const response = await callPortalRoute(route.loader, request);
  const redirected = response.status >= 300 && response.status < 400;
  const view = redirected ? null : ((await response.json()) as Record<string, unknown>);
  return { status: response.status, location: response.headers.get("Location"), view };
}

/** The calls that move the flow or send something; the pick step's read of the sign-in methods ('factors') changes nothing. */
/** The operations that move the flow on (not the reads of the sign-in methods and of how a code's delivery went). */
const operations = () =>
  idp.accountRequests
    .map((request) => request.operation)
    .filter((operation) => operation !== "factors" && operation !== "verification-delivery");

describe("password update step machine", () => {
  it("without a flow, the page sends the participant to Login & Security", async () => {
    expect(await currentStep()).toMatchObject({ status: 302, location: "/profile/security" });
  });

  it("walks start → pick → code → new password → done, with the access token on every call, and ends the other sessions", async () => {
    const elsewhere = await signedInParticipant(idp);
    expect((await post({ intent: "start" })).headers.get("Location")).toBe(FLOW_PATH);
    expect((await currentStep()).view).toMatchObject({ step: "mfa-verification-pick", phoneNumber: "(***) ***-0101" });
    expect((await post({ intent: "send-code", authMethod: "voice" })).headers.get("Location")).toBe(FLOW_PATH);
    expect((await currentStep()).view).toMatchObject({ step: "mfa-verification-code", method: "voice", codeDigits: 5 });
    expect((await post({ intent: "verify", authCode: "12345" })).headers.get("Location")).toBe(FLOW_PATH);
    expect((await currentStep()).view).toMatchObject({ step: "new-password" });
    const done = await post({ intent: "set-password", password: "Fresh-Sequence-2026", confirmPassword: "Fresh-Sequence-2026" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile/security");
    expect(cookiePairs(done)).toMatch(/flash/i);
    expect(operations()).toEqual(["recover-password", "send-verification-code", "verify-code", "update-password"]);
    expect(idp.accountRequests.every((request) => request.authorization === "Bearer at")).toBe(true);
    expect(idp.accountRequests.find((request) => request.operation === "send-verification-code")?.body).toEqual({
      purpose: "password-update",
      authMethod: "voice",
    });
    expect(await currentStep()).toMatchObject({ status: 302, location: "/profile/security" });
    const { readSession } = await import("~/services/session.server");
    const sessionOf = async (cookie: string) => (await readSession(new Request(`${PORTAL}/`, { headers: { Cookie: cookie } }))).session;
    expect(await sessionOf(elsewhere)).toBeNull();
    expect(await sessionOf(session)).not.toBeNull();
  });

  it("a POST for another step only shows the current step again, and calls nothing", async () => {
    await post({ intent: "start" });
    const skipped = await post({ intent: "set-password", password: "Fresh-Sequence-2026", confirmPassword: "Fresh-Sequence-2026" });
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get("Location")).toBe(FLOW_PATH);
    expect(operations()).toEqual(["recover-password"]);
    expect((await currentStep()).view).toMatchObject({ step: "mfa-verification-pick" });
  });

  it("an intent the flow does not have, or a method it does not offer, is a 400 and sends nothing", async () => {
    await post({ intent: "start" });
    const unknownIntent = await post({ intent: "skip-to-the-end" });
    expect(unknownIntent.status).toBe(400);
    expect(await unknownIntent.json()).toMatchObject({ notice: { bodyKey: "errors.generic" } });
    const unknownMethod = await post({ intent: "send-code", authMethod: "fax" });
    expect(unknownMethod.status).toBe(400);
    expect(operations()).toEqual(["recover-password"]);
    expect((await currentStep()).view).toMatchObject({ step: "mfa-verification-pick" });
  });

  it("resend before the lock ends is a 429 with the seconds left, and reaches no account API", async () => {
    await post({ intent: "start" });
    await post({ intent: "send-code", authMethod: "sms" });
    const early = await post({ intent: "resend" });
    expect(early).toMatchObject({ status: 303 });
    expect(early.headers.get("Location")).toBe(FLOW_PATH);
    const shown = await currentStep();
    expect(shown.status).toBe(429);
    const { reply } = shown.view as { reply: { notice: { bodyKey: string }; noticeValues: { seconds: number } } };
    expect(reply.notice.bodyKey).toBe("code.resendLocked");
    expect(reply.noticeValues.seconds).toBeGreaterThan(0);
    expect(reply.noticeValues.seconds).toBeLessThanOrEqual(30);
    expect(operations().filter((operation) => operation === "send-verification-code")).toHaveLength(1);
  });

  it("a refused new password comes back with its error but never with the password typed", async () => {
    await post({ intent: "start" });
    await post({ intent: "send-code", authMethod: "sms" });
    await post({ intent: "verify", authCode: "123456" });
    const mismatch = await post({ intent: "set-password", password: "Fresh-Sequence-2026", confirmPassword: "Fresh-Sequence-2027" });
    expect(mismatch.status).toBe(303);
    const shown = await currentStep();
    expect(shown.status).toBe(400);
    const text = JSON.stringify(shown.view);
    expect(text).toContain("confirmPassword");
    expect(text).not.toContain("Fresh-Sequence-202");
    const { readSession } = await import("~/services/session.server");
    const kept = (await readSession(new Request(`${PORTAL}/`, { headers: { Cookie: session } }))).session;
    expect(JSON.stringify(kept?.flowState)).not.toContain("Fresh-Sequence-202");
    expect(operations()).not.toContain("update-password");
  });

  it("a wrong code is a field error on the code step, with the code not moved on", async () => {
    idp.answerAccountOperation("verify-code", () => ({
      status: 400,
      body: { status: "FAILURE", errorMessage: "Invalid code" },
    }));
    await post({ intent: "start" });
    await post({ intent: "send-code", authMethod: "sms" });
    const wrong = await post({ intent: "verify", authCode: "000000" });
    expect(wrong.status).toBe(303);
    const shown = await currentStep();
    expect(shown).toMatchObject({ status: 400, view: { step: "mfa-verification-code" } });
    expect(JSON.stringify(shown.view)).toMatch(/authCode/);
  });

  it("a step's answer is shown once, on the page the POST redirects to (a reload posts nothing and shows the step afresh)", async () => {
    await post({ intent: "start" });
    await post({ intent: "send-code", authMethod: "sms" });
    const typo = await post({ intent: "verify", authCode: "12-34" });
    expect(typo.status).toBe(303);
    const shown = await currentStep();
    expect(shown.status).toBe(400);
    expect(JSON.stringify(shown.view)).toContain("12-34");
    const again = await currentStep();
    expect(again).toMatchObject({ status: 200, view: { step: "mfa-verification-code" } });
    expect(again.view).not.toHaveProperty("reply");
    expect(operations()).toEqual(["recover-password", "send-verification-code"]);
  });

  it("when the identity provider refuses the session's token, the session ends and the expired-session screen follows", async () => {
    await post({ intent: "start" });
    idp.answerAccountOperation("send-verification-code", () => ({
      status: 401,
      body: { status: "FAILURE", errorMessage: "invalid token" },
    }));
    const expired = await post({ intent: "send-code", authMethod: "sms" });
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toBe("/session-expired");
    // The session itself ended with the refused token, not only the flow.
    expect(await currentStep()).toMatchObject({ status: 302, location: "/session-expired?returnTo=%2Fprofile%2Fsecurity%2Fpassword" });
  });

  it("a text the provider refused shows on the code step, read again on each view, and 'other-way' sends a call instead", async () => {
    let delivery: Record<string, unknown> | null = { channel: "sms", state: "failed", refusal: "opted-out" };
    idp.answerAccountOperation("verification-delivery", () => ({ status: 200, body: { status: "PENDING", delivery } }));
    await post({ intent: "start" });
    await post({ intent: "send-code", authMethod: "sms" });
    const shown = await currentStep();
    expect(shown.view).toMatchObject({
      step: "mfa-verification-code",
      delivery: { channel: "sms", state: "failed", refusal: "opted-out" },
    });
    expect(idp.accountRequests.find((request) => request.operation === "verification-delivery")?.body).toEqual({
      purpose: "password-update",
    });
    // A call instead: the step moves to the voice code, whose delivery is read for the call, not the text.
    delivery = { channel: "sms", state: "failed", refusal: "opted-out" };
    expect((await post({ intent: "other-way", authMethod: "voice" })).headers.get("Location")).toBe(FLOW_PATH);
    const calling = await currentStep();
    expect(calling.view).toMatchObject({ step: "mfa-verification-code", method: "voice", codeDigits: 5, delivery: null });
    expect(operations()).toEqual(["recover-password", "send-verification-code", "send-verification-code"]);
    // A way that is not one is the client's mistake: a 400, nothing sent.
    expect((await post({ intent: "other-way", authMethod: "carrier-pigeon" })).status).toBe(400);
    expect(operations().filter((operation) => operation === "send-verification-code")).toHaveLength(2);
  });

  describe("the last step, cut off mid-call", () => {
    async function atNewPassword() {
      await post({ intent: "start" });
      await post({ intent: "send-code", authMethod: "sms" });
      await post({ intent: "verify", authCode: "123456" });
    }
    const newPassword = { intent: "set-password", password: "Fresh-Sequence-2026", confirmPassword: "Fresh-Sequence-2026" };
    const attemptsOf = (operation: string) =>
      idp.accountRequests.filter((request) => request.operation === operation).map((request) => request.body.attemptId);

    it("a call with no answer asks where it stands: a password that was changed shows 'done'", async () => {
      await atNewPassword();
      idp.answerAccountOperation("update-password", () => ({ status: 0, body: {} }));
      idp.answerAccountOperation("password-update-status", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "done" } }));
      const done = await post(newPassword);
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/profile/security");
      const [attempt] = attemptsOf("update-password");
      expect(attempt).toEqual(expect.any(String));
      expect(attemptsOf("password-update-status")).toEqual([attempt]);
    });

    it("one that was not changed lets the participant try again, as the same attempt", async () => {
      await atNewPassword();
      idp.answerAccountOperation("update-password", () => ({ status: 0, body: {} }));
      idp.answerAccountOperation("password-update-status", () => ({
        status: 200,
        body: { status: "PENDING", nextStep: "reset-authenticator" },
      }));
      const failed = await post(newPassword);
      expect(failed.status).toBe(303);
      expect(await currentStep()).toMatchObject({ status: 400, view: { step: "new-password" } });
      idp.answerAccountOperation("update-password", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "done" } }));
      expect((await post(newPassword)).headers.get("Location")).toBe("/profile/security");
      const [first, second] = attemptsOf("update-password");
      expect(second).toBe(first);
    });

    it("after a request that never finished, the next page view settles it: the change shows as done", async () => {
      await atNewPassword();
      idp.answerAccountOperation("update-password", () => ({ status: 0, body: {} }));
      idp.answerAccountOperation("password-update-status", () => ({ status: 0, body: {} }));
      expect((await post(newPassword)).status).toBe(303);
      idp.answerAccountOperation("password-update-status", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "done" } }));
      const settled = await currentStep();
      expect(settled).toMatchObject({ status: 302, location: "/profile/security" });
      expect(await currentStep()).toMatchObject({ status: 302, location: "/profile/security" });
    });
  });
});
