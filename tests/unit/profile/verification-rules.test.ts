import { describe, expect, it } from "vitest";
import { changePhoneWithoutItBy, passkeyOpens, type SignInFactors, verifyMethodsOf } from "~/domain/sign-in-factors";
import {
  CodeDeliverySchema,
  codeFieldError,
  deliveryProblemOf,
  lockResend,
  RESEND_LOCK_MS,
  resendSecondsLeft,
  waysAfterProblem,
} from "~/domain/verification";

const factors: SignInFactors = {
  phone: "(***) ***-0101",
  phoneMethods: ["sms", "voice"],
  totp: true,
  recoveryCodesLeft: 10,
  lastFactor: null,
  freshUntil: null,
  events: [],
  passkeys: [{ id: "k1", name: "Laptop", createdAt: "2026-01-01T00:00:00.000Z", lastUsedAt: null }],
  pendingPhoneChange: null,
};

describe("the one verification's rules", () => {
  it("words a refused code for the field: wrong, wrong from the app (nothing to resend), or an app code used before", () => {
    expect(codeFieldError("codeInvalid", "sms")).toBe("code.errors.invalid");
    expect(codeFieldError("codeInvalid", "totp")).toBe("code.appErrors.invalid");
    expect(codeFieldError("codeUsed", "totp")).toBe("code.appErrors.used");
    expect(codeFieldError("codeExpired", "sms")).toBeNull();
  });

  it("locks resend for 30 seconds from each code", () => {
    const locked = lockResend({}, 1_000);
    expect(locked.resendAvailableAt).toBe(1_000 + RESEND_LOCK_MS);
    expect(resendSecondsLeft(locked, 11_000)).toBe(20);
    expect(resendSecondsLeft(locked, 31_000)).toBe(0);
  });

  it("opens a new phone number only with a code to the old one while it can receive codes", () => {
    expect(verifyMethodsOf(factors, "change-phone")).toEqual(["sms", "voice"]);
    expect(passkeyOpens(factors, "change-phone")).toBe(false);
    expect(verifyMethodsOf(factors, "new-codes")).toEqual(["totp", "sms", "voice"]);
    expect(passkeyOpens(factors, "remove-totp")).toBe(true);
    const silentPhone = { ...factors, phoneMethods: [] };
    expect(verifyMethodsOf(silentPhone, "change-phone")).toEqual(["totp"]);
    expect(passkeyOpens(silentPhone, "change-phone")).toBe(true);
  });

  it("opens a new phone number with the app or a passkey when the participant says the old number cannot receive codes", () => {
    expect(changePhoneWithoutItBy(factors, "change-phone")).toBe("app");
    expect(changePhoneWithoutItBy({ ...factors, totp: false }, "change-phone")).toBe("passkey");
    expect(verifyMethodsOf(factors, "change-phone", true)).toEqual(["totp"]);
    expect(passkeyOpens(factors, "change-phone", true)).toBe(true);
    expect(changePhoneWithoutItBy({ ...factors, totp: false, passkeys: [] }, "change-phone")).toBeNull();
    expect(changePhoneWithoutItBy(factors, "new-codes")).toBeNull();
  });
});

describe("a code that did not reach the phone", () => {
  const answer = (state: string, refusal: string | null, channel = "sms") => CodeDeliverySchema.parse({ channel, state, refusal });

  it("is shown on the code step of its own channel only when the provider refused it or reported it lost", () => {
    expect(deliveryProblemOf(answer("failed", "opted-out"), "sms")).toEqual({ channel: "sms", state: "failed", refusal: "opted-out" });
    expect(deliveryProblemOf(answer("undelivered", null), "sms")).toEqual({ channel: "sms", state: "undelivered", refusal: null });
    for (const state of ["pending", "sent", "delivered"]) expect(deliveryProblemOf(answer(state, null), "sms")).toBeNull();
    // A text that failed says nothing on the step of the call that replaced it, nor on the app's.
    expect(deliveryProblemOf(answer("failed", "opted-out"), "voice")).toBeNull();
    expect(deliveryProblemOf(answer("failed", "opted-out"), "totp")).toBeNull();
    expect(deliveryProblemOf(null, "sms")).toBeNull();
  });

  it("reads an answer it does not understand as nothing to say, never as a failure", () => {
    expect(CodeDeliverySchema.parse({ channel: "email", state: "failed", refusal: null })).toBeNull();
    expect(CodeDeliverySchema.parse({ channel: "sms", state: "failed", refusal: "a new reason" })).toEqual({
      channel: "sms",
      state: "failed",
      refusal: null,
    });
    expect(CodeDeliverySchema.parse(undefined)).toBeUndefined();
  });

  it("offers the participant's other ways the flow can switch to, never a call to a number that does not work", () => {
    const ways = ["voice", "totp", "passkey", "recovery"] as const;
    const all = ["sms", "voice", "totp", "passkey"] as const;
    expect(waysAfterProblem({ channel: "sms", state: "failed", refusal: "opted-out" }, ways, all)).toEqual(["voice", "totp", "passkey"]);
    expect(waysAfterProblem({ channel: "sms", state: "failed", refusal: "invalid-number" }, ways, all)).toEqual(["totp", "passkey"]);
    expect(waysAfterProblem({ channel: "sms", state: "undelivered", refusal: null }, ways, ["sms", "voice", "totp"])).toEqual([
      "voice",
      "totp",
    ]);
  });
});
