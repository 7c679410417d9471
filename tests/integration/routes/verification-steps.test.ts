import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callPortalRoute } from "../../support/route-call";
import { RESULTS_READY } from "./support/fake-identity-provider";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * The one verification flow, as each purpose's route runs it (loader and action called directly with a
 * real session against a scripted account API): 'Resend code' locked for 30 seconds after each code,
 * an early resend refused without sending, a new code said once, and a refused code on the code field
 * (an app code used before told apart from a wrong one). Every answer is post-redirect-get.
 */
type RouteModule = { loader: Parameters<typeof callPortalRoute>[0]; action: Parameters<typeof callPortalRoute>[0] };
type Purpose = {
  name: string;
  path: string;
  route: () => Promise<RouteModule>;
  /** The posts that reach the code step with `method`. */
  toCodeStep: (method: "sms" | "totp") => Record<string, string>[];
  codeIntent: string;
  resendSecondsLeft: (view: Record<string, unknown>) => number;
};

const purposes: Purpose[] = [
  {
    name: "password update",
    path: "/profile/security/password",
    route: () => import("~/routes/_portal.profile.security.password") as Promise<RouteModule>,
    toCodeStep: (method): Record<string, string>[] => [{ intent: "start" }, { intent: "send-code", authMethod: method }],
    codeIntent: "verify",
    resendSecondsLeft: (view) => view.resendSecondsLeft as number,
  },
  {
    name: "sign-in methods",
    path: "/profile/security/factors",
    route: () => import("~/routes/_portal.profile.security_.factors") as Promise<RouteModule>,
    toCodeStep: (method): Record<string, string>[] => [
      { intent: "start", change: "new-codes" },
      { intent: "send-code", method },
    ],
    codeIntent: "verify",
    resendSecondsLeft: (view) => view.resendSecondsLeft as number,
  },
  {
    name: "withdrawal",
    path: "/profile/studies/withdraw",
    route: () => import("~/routes/_portal.profile.studies_.withdraw") as Promise<RouteModule>,
    toCodeStep: (method) => [{ intent: "send-code", choice: "stop-research", authMethod: method }],
    codeIntent: "verify",
    resendSecondsLeft: (view) => (view.code as { resendSecondsLeft: number }).resendSecondsLeft,
  },
];

const idp = portalAgainstFakeProvider();
let session: string;

const factors = {
  phone: "(***) ***-0101",
  phoneMethods: ["sms", "voice"],
  totp: true,
  recoveryCodesLeft: 3,
  lastFactor: null,
  freshUntil: null,
  events: [],
  passkeys: [],
};

beforeEach(async () => {
  idp.reset();
  idp.answerResults(RESULTS_READY);
  session = await signedInParticipant(idp);
  const pending = { status: 200, body: { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: "(***) ***-0101" } };
  idp.answerAccountOperation("factors", () => ({ status: 200, body: { status: "SUCCESS", factors } }));
  idp.answerAccountOperation("recover-password", () => ({
    status: 200,
    body: { status: "PENDING", nextStep: "authenticator-verification-data", phoneNumber: "(***) ***-0101" },
  }));
  idp.answerAccountOperation("send-verification-code", () => pending);
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

function flow(purpose: Purpose) {
  const post = async (fields: Record<string, string>) => {
    const route = await purpose.route();
    const request = new Request(`${PORTAL}${purpose.path}`, {
      method: "POST",
      headers: { Cookie: session, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return callPortalRoute(route.action, request);
  };
  const page = async () => {
    const route = await purpose.route();
    const response = await callPortalRoute(route.loader, new Request(`${PORTAL}${purpose.path}`, { headers: { Cookie: session } }));
    return { status: response.status, view: (await response.json()) as Record<string, unknown> & { reply?: Record<string, unknown> } };
  };
  const calls = (operation: string) => idp.accountRequests.filter((request) => request.operation === operation).length;
  return { post, page, calls };
}

describe.each(purposes)("the $name's code step", (purpose) => {
  it("locks 'Resend code' for 30 seconds after the code, and refuses an early resend without sending", async () => {
    const { post, page, calls } = flow(purpose);
    for (const fields of purpose.toCodeStep("sms")) expect((await post(fields)).status).toBe(303);
    const shown = await page();
    expect(purpose.resendSecondsLeft(shown.view)).toBeGreaterThan(25);
    const sends = calls("send-verification-code");

    vi.setSystemTime(Date.now() + 10_000);
    const early = await post({ intent: "resend" });
    expect(early.status).toBe(303);
    const refused = await page();
    expect(refused.status).toBe(429);
    expect(refused.view.reply).toMatchObject({ notice: { bodyKey: "code.resendLocked" }, noticeValues: { seconds: 20 } });
    expect(calls("send-verification-code")).toBe(sends);
  });

  it("sends a new code once the lock is over, says so once, and locks again", async () => {
    const { post, page, calls } = flow(purpose);
    for (const fields of purpose.toCodeStep("sms")) await post(fields);
    const sends = calls("send-verification-code");

    vi.setSystemTime(Date.now() + 31_000);
    expect((await post({ intent: "resend" })).status).toBe(303);
    const resent = await page();
    expect(resent.status).toBe(200);
    expect(resent.view.reply).toMatchObject({ resent: true });
    expect(purpose.resendSecondsLeft(resent.view)).toBeGreaterThan(25);
    expect(calls("send-verification-code")).toBe(sends + 1);
    expect((await page()).view.reply).toBeUndefined();
  });

  it("puts a wrong code on the code field", async () => {
    const { post, page } = flow(purpose);
    idp.answerAccountOperation("verify-code", () => ({ status: 400, body: { status: "FAILURE", errorCode: "codeInvalid" } }));
    for (const fields of purpose.toCodeStep("sms")) await post(fields);
    expect((await post({ intent: purpose.codeIntent, authCode: "123456" })).status).toBe(303);
    const refused = await page();
    expect(refused.status).toBe(400);
    expect(refused.view.reply).toMatchObject({ result: { error: { authCode: ["code.errors.invalid"] } } });
  });

  it("tells an app code used before from a wrong one, and offers nothing to resend for the app", async () => {
    const { post, page, calls } = flow(purpose);
    let answer = { status: 400, body: { status: "FAILURE", errorCode: "codeUsed" } };
    idp.answerAccountOperation("verify-code", () => answer);
    for (const fields of purpose.toCodeStep("totp")) await post(fields);
    await post({ intent: purpose.codeIntent, authCode: "123456" });
    expect((await page()).view.reply).toMatchObject({ result: { error: { authCode: ["code.appErrors.used"] } } });

    answer = { status: 400, body: { status: "FAILURE", errorCode: "codeInvalid" } };
    await post({ intent: purpose.codeIntent, authCode: "654321" });
    expect((await page()).view.reply).toMatchObject({ result: { error: { authCode: ["code.appErrors.invalid"] } } });
    expect(calls("send-verification-code")).toBe(0);
  });
});

describe("the new phone number's code step", () => {
  const purpose = purposes[1]!;

  it("offers 'Resend code' with the same lock, sending to the number typed", async () => {
    const { post, page, calls } = flow(purpose);
    idp.answerAccountOperation("verify-code", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "verified" } }));
    idp.answerAccountOperation("phone-change-start", () => ({
      status: 200,
      body: { status: "PENDING", nextStep: "confirm-phone", phoneNumber: "(***) ***-9033" },
    }));
    await post({ intent: "start", change: "change-phone" });
    await post({ intent: "send-code", method: "sms" });
    await post({ intent: "verify", authCode: "123456" });
    expect((await post({ intent: "send-phone-code", phone: "(555) 555-9033" })).status).toBe(303);
    const shown = await page();
    expect(shown.view.state).toMatchObject({ step: "phone-code", newPhone: "(***) ***-9033" });
    expect(purpose.resendSecondsLeft(shown.view)).toBeGreaterThan(25);

    await post({ intent: "resend" });
    expect((await page()).status).toBe(429);
    expect(calls("phone-change-start")).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    await post({ intent: "resend" });
    expect((await page()).view.reply).toMatchObject({ resent: true });
    const starts = idp.accountRequests.filter((request) => request.operation === "phone-change-start");
    expect(starts.map((request) => request.body.phone)).toEqual(["(555) 555-9033", "(555) 555-9033"]);
  });

  it("once the new number is confirmed, Login & Security offers to end the other sessions", async () => {
    const { post } = flow(purpose);
    idp.answerAccountOperation("verify-code", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "verified" } }));
    idp.answerAccountOperation("phone-change-start", () => ({
      status: 200,
      body: { status: "PENDING", nextStep: "confirm-phone", phoneNumber: "(***) ***-9033" },
    }));
    idp.answerAccountOperation("phone-change-confirm", () => ({ status: 200, body: { status: "SUCCESS" } }));
    await post({ intent: "start", change: "change-phone" });
    await post({ intent: "send-code", method: "sms" });
    await post({ intent: "verify", authCode: "123456" });
    await post({ intent: "send-phone-code", phone: "(555) 555-9033" });
    const confirmed = await post({ intent: "confirm-phone", authCode: "654321" });
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get("location") ?? "";
    expect(location).toBe("/profile/security");
    const security = await import("~/routes/_portal.profile.security");
    const request = new Request(`${PORTAL}${location}`, { headers: { Cookie: session } });
    const shown = (await (await callPortalRoute(security.loader, request)).json()) as { after: string | null };
    expect(shown.after).toBe("phone");
    // The sessions page says so to this session only: the same address in another session says nothing.
    const sessions = await import("~/routes/_portal.profile.security_.sessions");
    const listed = (await (
      await callPortalRoute(sessions.loader, new Request(`${PORTAL}/profile/security/sessions`, { headers: { Cookie: session } }))
    ).json()) as {
      after: string | null;
    };
    expect(listed.after).toBe("phone");
  });

  it("when the current number cannot receive codes, offers the app instead and sends a request that waits", async () => {
    const { post, page } = flow(purpose);
    idp.answerAccountOperation("verify-code", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "verified" } }));
    idp.answerAccountOperation("phone-change-start", () => ({
      status: 200,
      body: { status: "PENDING", nextStep: "confirm-phone", phoneNumber: "(***) ***-9033" },
    }));
    idp.answerAccountOperation("phone-change-confirm", () => ({
      status: 200,
      body: { status: "PENDING", nextStep: "cooling-off", phoneNumber: "(***) ***-9033", effectiveAt: "2026-12-01T10:00:00.000Z" },
    }));
    await post({ intent: "start", change: "change-phone" });
    expect((await page()).view).toMatchObject({ methods: ["sms", "voice"], oldNumberOffer: "app" });
    await post({ intent: "old-number-unavailable" });
    expect((await page()).view).toMatchObject({ methods: ["totp"], oldNumberUnavailable: true, oldNumberOffer: null });
    await post({ intent: "send-code", method: "totp" });
    await post({ intent: "verify", authCode: "123456" });
    await post({ intent: "send-phone-code", phone: "(555) 555-9033" });
    const starts = idp.accountRequests.filter((request) => request.operation === "phone-change-start");
    expect(starts.map((request) => request.body.oldNumberUnavailable)).toEqual([true]);
    const requested = await post({ intent: "confirm-phone", authCode: "654321" });
    expect(requested.status).toBe(303);
    expect(requested.headers.get("location")).toBe("/profile/security");
  });

  it("cancels a requested change from Login & Security with a plain form post", async () => {
    const { post, calls } = flow(purpose);
    idp.answerAccountOperation("phone-change-cancel", () => ({ status: 200, body: { status: "SUCCESS", nextStep: "done" } }));
    const cancelled = await post({ intent: "cancel-phone-change" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("/profile/security");
    expect(calls("phone-change-cancel")).toBe(1);
  });
});
