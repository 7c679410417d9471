import { describe, expect, it } from "vitest";
import { authCodeMessages, authCodeSchema, codeDigits, DEFAULT_AUTH_METHOD } from "~/domain/auth-code";
import en from "~/locales/en/profile.json";

const messageOf = (method: "sms" | "voice" | "recovery", authCode: unknown) => {
  const result = authCodeSchema(method).safeParse({ authCode });
  return result.success ? null : result.error.issues[0]!.message;
};

describe("SPEC.md §5 auth code", () => {
  it("is 6 digits for SMS and 5 for voice; SMS is the default", () => {
    expect(codeDigits("sms")).toBe(6);
    expect(codeDigits("voice")).toBe(5);
    expect(DEFAULT_AUTH_METHOD).toBe("sms");
  });

  it("is required", () => {
    expect(messageOf("sms", "")).toBe(authCodeMessages.required);
    expect(messageOf("sms", "   ")).toBe(authCodeMessages.required);
    expect(messageOf("voice", undefined)).toBe(authCodeMessages.required);
  });

  it("must have exactly the method's digits", () => {
    expect(messageOf("sms", "123456")).toBeNull();
    expect(messageOf("sms", "12345")).toBe(authCodeMessages.format);
    expect(messageOf("sms", "1234567")).toBe(authCodeMessages.format);
    expect(messageOf("sms", "12345a")).toBe(authCodeMessages.format);
    expect(messageOf("voice", "12345")).toBeNull();
    expect(messageOf("voice", "123456")).toBe(authCodeMessages.format);
  });

  it("accepts a pasted code with spaces or dashes between or around the digits", () => {
    expect(authCodeSchema("sms").parse({ authCode: " 123 456" }).authCode).toBe("123456");
    expect(authCodeSchema("sms").parse({ authCode: "123-456 " }).authCode).toBe("123456");
    expect(authCodeSchema("voice").parse({ authCode: "1 2 3 4 5" }).authCode).toBe("12345");
    expect(messageOf("sms", "123 45")).toBe(authCodeMessages.format);
  });

  it("takes a recovery code as printed or typed (10 letters and digits), and says how one looks otherwise", () => {
    expect(messageOf("recovery", "7K3M9-Q2XPD")).toBeNull();
    expect(messageOf("recovery", " 7k3m9 q2xpd ")).toBeNull();
    expect(messageOf("recovery", "")).toBe(authCodeMessages.required);
    expect(messageOf("recovery", "123456")).toBe(authCodeMessages.recoveryFormat);
    expect(en.code.recoveryErrors.format).toBe("A recovery code has 10 letters and digits, like 7K3M9-Q2XPD");
  });

  it("uses the specification's words", () => {
    expect(en.code.errors).toEqual({
      required: "Authentication code not entered",
      format: "Authentication code is not in correct format",
      invalid: "The code entered is not correct, please try again or resend a code",
    });
    expect(en.code.placeholder).toBe("{{codeDigits}}-digit code");
    expect(en.code.resendTooltip).toBe("Will activate after 30 seconds");
    expect(en.pick.sms).toBe("Text Message");
    expect(en.pick.voice).toBe("Voice Call");
  });
});
