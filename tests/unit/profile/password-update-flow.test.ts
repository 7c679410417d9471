import { describe, expect, it } from "vitest";
import {
  noticeKeys,
  recoveryFailure,
  resendFailure,
  sendCodeFailure,
  submitCodeFailure,
  unexpectedStepFailure,
  updatePasswordFailure,
} from "~/domain/password-update-errors";
import { lockResend, RESEND_LOCK_MS, resendSecondsLeft, stepForNextStep } from "~/domain/password-update-steps";
import { profileSections, qualifiesForStudies } from "~/domain/profile-navigation";
import en from "~/locales/en/profile.json";

describe("SPEC.md §4 password update steps", () => {
  it("maps the identity provider's nextStep to a step; anything else is an error", () => {
    expect(stepForNextStep("authenticator-verification-data")).toBe("mfa-verification-pick");
    expect(stepForNextStep("challenge-authenticator")).toBe("mfa-verification-code");
    expect(stepForNextStep("reset-authenticator")).toBe("new-password");
    expect(stepForNextStep("identify")).toBeNull();
    expect(stepForNextStep(undefined)).toBeNull();
  });

  it("locks resend for 30 seconds", () => {
    expect(RESEND_LOCK_MS).toBe(30_000);
    const locked = lockResend({ step: "mfa-verification-code" as const, phoneNumber: "(***) ***-1234" }, 1_000);
    expect(resendSecondsLeft(locked, 1_000)).toBe(30);
    expect(resendSecondsLeft(locked, 30_999)).toBe(1);
    expect(resendSecondsLeft(locked, 31_000)).toBe(0);
    expect(resendSecondsLeft({}, 0)).toBe(0);
    const configured = lockResend({ step: "mfa-verification-code" as const, phoneNumber: "(***) ***-1234" }, 1_000, 5_000);
    expect(resendSecondsLeft(configured, 1_000)).toBe(5);
  });
});

describe("SPEC.md §8 password update errors", () => {
  it("recovery: 'session has expired' shows the expired screen, anything else updatePasswordError", () => {
    expect(recoveryFailure("session has expired")).toEqual({ kind: "session-expired" });
    expect(recoveryFailure("Too many attempts")).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyText: "Too many attempts" },
    });
  });

  it("code send failure: updatePasswordError with the returned message", () => {
    expect(sendCodeFailure("Your phone cannot receive codes this way.")).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyText: "Your phone cannot receive codes this way." },
    });
    expect(sendCodeFailure(undefined)).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody },
    });
  });

  it("code submit: 'invalid code' (any case) is inline, anything else updatePasswordError", () => {
    expect(submitCodeFailure("Invalid code. Please try again.")).toEqual({
      kind: "field",
      field: "authCode",
      messageKey: noticeKeys.invalidCodeInline,
    });
    expect(submitCodeFailure("INVALID CODE")).toMatchObject({ kind: "field" });
    expect(submitCodeFailure("This code has expired.")).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyText: "This code has expired." },
    });
    expect(submitCodeFailure("session has expired")).toEqual({ kind: "session-expired" });
  });

  it("resend failure: updatePasswordError with the nice body", () => {
    expect(resendFailure("Please wait 12 seconds")).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody },
    });
  });

  it("password update: a common password is inline; anything else the 'Having Trouble' notice", () => {
    expect(
      updatePasswordFailure("The password is too easy to guess: this password was found in a list of commonly used passwords"),
    ).toEqual({
      kind: "field",
      field: "password",
      messageKey: noticeKeys.commonPassword,
    });
    expect(updatePasswordFailure("The new password must be different from your current password")).toEqual({
      kind: "field",
      field: "password",
      messageKey: noticeKeys.unchangedPassword,
    });
    expect(updatePasswordFailure("Error updating password")).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.troubleTitle, bodyKey: noticeKeys.niceBody },
    });
    expect(unexpectedStepFailure).toMatchObject({ kind: "notice" });
  });

  it("uses the specification's words", () => {
    expect(en.errors.troubleTitle).toBe("We are Having Trouble Updating Your Password");
    expect(en.errors.updatePasswordErrorNiceBody.replace(/<\/?support>/g, "")).toBe(
      "Please click Update below to try again, and if the problem continues please contact the provider's support.",
    );
    expect(en.success).toBe("Password updated successfully");
    expect(en.update.title).toBe("Update Password");
  });
});

describe("profile sections", () => {
  it("shows Login & Security behind its feature check and My Studies with research consent (rc)", () => {
    expect(profileSections({ loginSecurityEnabled: true, agreements: ["rc"] })).toEqual(["overview", "security", "studies"]);
    expect(profileSections({ loginSecurityEnabled: false, agreements: [] })).toEqual(["overview"]);
    expect(qualifiesForStudies(["platform"])).toBe(false);
  });
});
