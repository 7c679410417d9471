import { describe, expect, it } from "vitest";
import {
  checkEmail,
  checkNewPasswordPair,
  checkRegistration,
  readRegistrationInput,
} from "../../../platform/identity/domain/account-forms.ts";
import {
  hashLinkState,
  linkStateMatches,
  newLinkState,
  newParticipantId,
  readEmailCallback,
} from "../../../platform/identity/domain/email-link.ts";
import { translate } from "../../../platform/identity/pages/i18n.ts";

const keys = (problems: { field: string; key: string }[]) => problems.map((p) => `${p.field}:${p.key}`);

describe("new password and its confirmation (SPEC §5)", () => {
  it("reports each field's first problem", () => {
    expect(keys(checkNewPasswordPair("", ""))).toEqual(["password:password.required", "confirmPassword:password.confirmRequired"]);
    expect(keys(checkNewPasswordPair("short", "short"))).toEqual(["password:password.tooShort"]);
    expect(keys(checkNewPasswordPair("1234567890", "1234567890"))).toEqual(["password:password.common"]);
    expect(keys(checkNewPasswordPair("violet-harbour-lantern-7", "violet-harbour-lantern-8"))).toEqual([
      "confirmPassword:password.mismatch",
    ]);
    expect(checkNewPasswordPair("violet-harbour-lantern-7", "violet-harbour-lantern-7")).toEqual([]);
  });
  it("words them as SPEC §5 says", () => {
    expect(translate("en", "password.required")).toBe("Enter a password");
    expect(translate("en", "password.tooShort", { minPwLen: 10 })).toBe("Your password needs to be 10 or more characters");
    expect(translate("en", "password.common")).toBe("The password is too easy to guess, please try another one");
    expect(translate("en", "password.confirmRequired")).toBe("Password not entered");
    expect(translate("en", "password.mismatch")).toBe("The passwords do not match. Try again.");
    expect(translate("en", "password.hint")).toBe("Use 10 or more characters and a password that is not commonly used");
  });
});

describe("registration form", () => {
  it("trims names and e-mail but keeps passwords exactly as typed", () => {
    expect(
      readRegistrationInput({ email: " a@b.test ", firstName: " Ada ", lastName: "L ", password: " pw ", confirmPassword: " pw " }),
    ).toEqual({
      email: "a@b.test",
      firstName: "Ada",
      lastName: "L",
      password: " pw ",
      confirmPassword: " pw ",
    });
  });
  it("checks e-mail format and names", () => {
    expect(checkEmail("")?.key).toBe("form.emailRequired");
    for (const bad of ["ada", "ada@", "@b.test", "ada@b", "a da@b.test", `${"a".repeat(250)}@b.test`])
      expect(checkEmail(bad)?.key).toBe("form.emailInvalid");
    expect(checkEmail("ada.lovelace+portal@example.co.uk")).toBeNull();
    const problems = checkRegistration({
      email: "a@b.test",
      firstName: "",
      lastName: "x".repeat(101),
      password: "violet-harbour-lantern-7",
      confirmPassword: "violet-harbour-lantern-7",
    });
    expect(keys(problems)).toEqual(["firstName:form.firstNameRequired", "lastName:form.nameTooLong"]);
  });
});

describe("e-mail verification link", () => {
  it("needs both otp and state, and an otp of the right shape (SPEC §5)", () => {
    expect(readEmailCallback(new URLSearchParams(""), 6)).toEqual({ kind: "invalid" });
    expect(readEmailCallback(new URLSearchParams("otp=123456"), 6)).toEqual({ kind: "invalid" });
    expect(readEmailCallback(new URLSearchParams("state=abc"), 6)).toEqual({ kind: "invalid" });
    expect(readEmailCallback(new URLSearchParams("otp=12345&state=abc"), 6)).toEqual({ kind: "invalid" });
    expect(readEmailCallback(new URLSearchParams("otp=<b>12</b>&state=abc"), 6)).toEqual({ kind: "invalid" });
    expect(readEmailCallback(new URLSearchParams("otp=123456&state=abc"), 6)).toEqual({ kind: "ok", otp: "123456", state: "abc" });
    expect(translate("en", "emailVerify.invalid")).toBe("Not a valid email verify callback");
  });
  it("matches the state only against its own hash", () => {
    const { state, hash } = newLinkState();
    expect(hash).toBe(hashLinkState(state));
    expect(hash).not.toContain(state);
    expect(linkStateMatches(state, hash)).toBe(true);
    expect(linkStateMatches(`${state}x`, hash)).toBe(false);
    expect(linkStateMatches(state, "")).toBe(false);
  });
  it("gives new participants a P-prefixed 9-digit id", () => {
    let n = 0;
    expect(newParticipantId(() => n++ % 10)).toBe("P012345678");
  });
});
