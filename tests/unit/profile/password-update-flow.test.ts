import { describe, expect, it } from "vitest";
import {
  noticeKeys,
  recoveryFailure,
  resendFailure,
  sendCodeFailure,
  submitCodeFailure,
  unexpectedStepFailure,
  updatePasswordFailure,
  ACCOUNT_ERROR_CODES,
} from "~/domain/password-update-errors";
import { stepForNextStep } from "~/domain/password-update-steps";
import { profileSections, qualifiesForStudies } from "~/domain/profile-navigation";
import { lockResend, RESEND_LOCK_MS, resendSecondsLeft } from "~/domain/verification";
import en from "~/locales/en/profile.json";
import esProfile from "~/locales/es/profile.json";
import { API_MESSAGES } from "../../../platform/identity/account-api/messages.ts";

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
    expect(recoveryFailure({ errorMessage: "session has expired" })).toEqual({ kind: "session-expired" });
    expect(recoveryFailure({ errorMessage: "Too many attempts" })).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyText: "Too many attempts" },
    });
  });

  it("code send failure: updatePasswordError with the returned message", () => {
    expect(sendCodeFailure({ errorMessage: "Your phone cannot receive codes this way." })).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyText: "Your phone cannot receive codes this way." },
    });
    expect(sendCodeFailure({})).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody },
    });
  });

  it("code submit: 'invalid code' (any case) is inline, anything else updatePasswordError", () => {
    expect(submitCodeFailure({ errorMessage: "Invalid code. Please try again." })).toEqual({
      kind: "field",
      field: "authCode",
      messageKey: noticeKeys.invalidCodeInline,
    });
    expect(submitCodeFailure({ errorMessage: "INVALID CODE" })).toMatchObject({ kind: "field" });
    expect(submitCodeFailure({ errorMessage: "This code has expired." })).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyText: "This code has expired." },
    });
    expect(submitCodeFailure({ errorMessage: "session has expired" })).toEqual({ kind: "session-expired" });
  });

  it("resend failure: updatePasswordError with the nice body", () => {
    expect(resendFailure({ errorMessage: "Please wait 12 seconds" })).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody },
    });
  });

  it("password update: a common password is inline; anything else the 'Having Trouble' notice", () => {
    expect(
      updatePasswordFailure({
        errorMessage: "The password is too easy to guess: this password was found in a list of commonly used passwords",
      }),
    ).toEqual({
      kind: "field",
      field: "password",
      messageKey: noticeKeys.commonPassword,
    });
    expect(updatePasswordFailure({ errorMessage: "The new password must be different from your current password" })).toEqual({
      kind: "field",
      field: "password",
      messageKey: noticeKeys.unchangedPassword,
    });
    expect(updatePasswordFailure({ errorMessage: "Error updating password" })).toEqual({
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

describe("every error code the account API answers with", () => {
  const catalogs = { en, es: esProfile } as const;
  const lookUp = (catalog: unknown, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

  it("is one the portal knows", () => {
    expect([...ACCOUNT_ERROR_CODES].sort()).toEqual(Object.keys(API_MESSAGES).sort());
  });

  it.each(ACCOUNT_ERROR_CODES)("%s: the participant reads the portal's own words in both languages, never the API's English", (code) => {
    const answer = { errorCode: code, errorMessage: "English text from the API", errorValues: { seconds: 12, minutes: 3 } };
    for (const failure of [recoveryFailure(answer), sendCodeFailure(answer), submitCodeFailure(answer), updatePasswordFailure(answer)]) {
      if (failure.kind === "session-expired") continue;
      const key = failure.kind === "field" ? failure.messageKey : (failure.notice.bodyKey ?? "");
      expect(failure.kind === "notice" ? failure.notice.bodyText : undefined).toBeUndefined();
      for (const [language, catalog] of Object.entries(catalogs)) {
        expect(lookUp(catalog, key), `${code} → ${key} in ${language}`).toBeTypeOf("string");
      }
    }
  });

  it("keeps the values a text needs", () => {
    expect(sendCodeFailure({ errorCode: "resendWait", errorMessage: "x", errorValues: { seconds: 12 } })).toEqual({
      kind: "notice",
      notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: "accountErrors.resendWait", values: { seconds: 12 } },
    });
    expect(recoveryFailure({ errorCode: "sessionExpired" })).toEqual({ kind: "session-expired" });
    expect(submitCodeFailure({ errorCode: "codeInvalid" })).toMatchObject({ kind: "field", messageKey: noticeKeys.invalidCodeInline });
  });
});
