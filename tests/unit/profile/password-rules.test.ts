import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH, NewPasswordSchema, passwordMessages } from "~/domain/password-rules";
import en from "~/locales/en/profile.json";

function errorsOf(input: Record<string, unknown>) {
  const result = NewPasswordSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("SPEC.md §5 password rules", () => {
  it("requires a password and its confirmation", () => {
    expect(errorsOf({ password: "", confirmPassword: "" })).toMatchObject({
      password: passwordMessages.required,
      confirmPassword: passwordMessages.confirmRequired,
    });
    expect(errorsOf({})).toMatchObject({ password: passwordMessages.required, confirmPassword: passwordMessages.confirmRequired });
  });

  it("needs at least 10 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(errorsOf({ password: "a".repeat(9), confirmPassword: "a".repeat(9) })).toEqual({ password: passwordMessages.tooShort });
    expect(errorsOf({ password: "a".repeat(10), confirmPassword: "a".repeat(10) })).toEqual({});
  });

  it("asks the confirmation to match", () => {
    expect(errorsOf({ password: "Long-enough-1", confirmPassword: "Long-enough-2" })).toEqual({
      confirmPassword: passwordMessages.mismatch,
    });
  });

  it("says it in the words of the specification", () => {
    expect(en.newPassword.errors).toEqual({
      passwordRequired: "Enter a password",
      passwordTooShort: "Your password needs to be {{minPwLen}} or more characters",
      confirmRequired: "Password not entered",
      mismatch: "The passwords do not match. Try again.",
      common: "The password is too easy to guess, please try another one",
      // Not in SPEC: the identity provider's refusal of the current password, in the portal's words.
      unchanged: "Choose a password different from your current one",
    });
    expect(en.newPassword.helper).toBe("Use 10 or more characters and a password that is not commonly used");
  });
});
