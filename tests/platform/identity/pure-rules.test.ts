import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import { codeLength, codeMatches, generateCode, hashCode, isWellFormedCode, typedCode } from "../../../platform/identity/domain/codes.ts";
import { hashPassword, verifyPassword } from "../../../platform/identity/domain/password-hash.ts";
import { checkNewPassword } from "../../../platform/identity/domain/password-policy.ts";
import { maskPhone, normalizePhone } from "../../../platform/identity/domain/phone.ts";
import { signValue, verifySignedValue } from "../../../platform/identity/domain/signed-value.ts";
import en from "../../../platform/identity/locales/en.json" with { type: "json" };
import es from "../../../platform/identity/locales/es.json" with { type: "json" };
import { localeFor, translate } from "../../../platform/identity/pages/i18n.ts";

describe("phone numbers", () => {
  it("masks all but the last four digits, and leaves four characters or fewer alone", () => {
    expect(maskPhone("+15555550101")).toBe("(***) ***-0101");
    expect(maskPhone("1234")).toBe("1234");
    expect(maskPhone("")).toBe("");
  });
  it("accepts E.164 and US 10-digit numbers only", () => {
    expect(normalizePhone("(555) 555-0103")).toBe("+15555550103");
    expect(normalizePhone("1 555 555 0103")).toBe("+15555550103");
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("12345")).toBeNull();
    expect(normalizePhone("055 555 0103")).toBeNull();
    expect(normalizePhone("555-555-010a")).toBeNull();
  });
});

describe("one-time codes", () => {
  it("has 6 digits for SMS and 5 for voice", () => {
    expect(codeLength("sms")).toBe(6);
    expect(codeLength("voice")).toBe(5);
    expect(generateCode("sms")).toMatch(/^\d{6}$/);
    expect(generateCode("voice")).toMatch(/^\d{5}$/);
    expect(isWellFormedCode("12345", "voice")).toBe(true);
    expect(isWellFormedCode("12345", "sms")).toBe(false);
    // Pasted with spaces or dashes: the digits are the code.
    expect(isWellFormedCode(typedCode(" 123-456 "), "sms")).toBe(true);
    expect(isWellFormedCode(typedCode("1 2 3 4 5"), "voice")).toBe(true);
    expect(isWellFormedCode("12a456", "sms")).toBe(false);
  });
  it("binds a code hash to its flow", () => {
    const stored = hashCode("secret", "flow-a", "123456");
    expect(codeMatches("secret", "flow-a", "123456", stored)).toBe(true);
    expect(codeMatches("secret", "flow-b", "123456", stored)).toBe(false);
    expect(codeMatches("secret", "flow-a", "123457", stored)).toBe(false);
  });
});

describe("passwords", () => {
  it("applies SPEC §5: required, 10 characters, not common", () => {
    expect(checkNewPassword("")).toBe("required");
    expect(checkNewPassword("abcdefghi")).toBe("too-short");
    expect(checkNewPassword("1234567890")).toBe("common");
    expect(checkNewPassword("qwertyuiop")).toBe("common");
    expect(checkNewPassword("violet-harbour-lantern-7")).toBeNull();
  });
  it("hashes with scrypt and verifies", async () => {
    const stored = await hashPassword("violet-harbour-lantern-7");
    expect(stored.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("violet-harbour-lantern-7", stored)).toBe(true);
    expect(await verifyPassword("violet-harbour-lantern-8", stored)).toBe(false);
  });
});

describe("signed values", () => {
  it("verifies with any configured key and rejects tampering", () => {
    const signed = signValue(["new", "old"], { a: "P1" });
    expect(verifySignedValue(["other", "new"], signed)).toEqual({ a: "P1" });
    expect(verifySignedValue(["other"], signed)).toBeNull();
    expect(verifySignedValue(["new"], `${signed}x`)).toBeNull();
  });

  it("refuses, without throwing, a body the same key signed in another format (an ALTCHA challenge's parameters)", () => {
    const parameters = JSON.stringify({ algorithm: "PBKDF2/SHA-256", nonce: "0f3a", salt: "9c1e", cost: 5000 });
    const foreign = `${parameters}.${createHmac("sha256", "captcha-secret").update(parameters).digest("base64url")}`;
    expect(verifySignedValue(["captcha-secret"], foreign)).toBeNull();
  });
});

describe("page languages", () => {
  it("picks the participant's choice, then the first supported ui_locales entry, then the browser's language, else English", () => {
    expect(localeFor({ uiLocales: "fr es-MX en" })).toBe("es");
    expect(localeFor({ uiLocales: "de" })).toBe("en");
    expect(localeFor({})).toBe("en");
    expect(localeFor({ uiLocales: "de", acceptLanguage: "fr;q=1, es-ES;q=0.8, en;q=0.9" })).toBe("en");
    expect(localeFor({ acceptLanguage: "fr, es;q=0.5, en;q=0" })).toBe("es");
    expect(localeFor({ cookie: "es", uiLocales: "en", acceptLanguage: "en" })).toBe("es");
    expect(localeFor({ lang: "en", cookie: "es" })).toBe("en");
    expect(localeFor({ lang: "../etc", cookie: "zz" })).toBe("en");
  });
  it("has the same keys in English and Spanish, and the SPEC §5 wording", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(translate("en", "challenge.codeWrong")).toBe("The code entered is not correct, please try again or resend a code");
    expect(translate("en", "challenge.placeholder", { codeDigits: 6 })).toBe("6-digit code");
  });
});

describe("configuration", () => {
  it("locks a new code for SPEC's 30 seconds unless told otherwise", () => {
    expect(loadConfigFromEnv({}).codeResendLockSeconds).toBe(30);
    expect(loadConfigFromEnv({ CODE_RESEND_LOCK_SECONDS: "5" }).codeResendLockSeconds).toBe(5);
    expect(() => loadConfigFromEnv({ CODE_RESEND_LOCK_SECONDS: "0" })).toThrow(/CODE_RESEND_LOCK_SECONDS/);
  });
});
