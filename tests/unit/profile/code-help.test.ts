import { describe, expect, it } from "vitest";
import { otherWaysOf, reliesOnPhoneAlone } from "~/domain/code-help";
import type { SignInFactors } from "~/domain/sign-in-factors";

const factors: SignInFactors = {
  phone: "(***) ***-0142",
  phoneMethods: ["sms", "voice"],
  totp: false,
  recoveryCodesLeft: 0,
  lastFactor: null,
  freshUntil: null,
  events: [],
  passkeys: [],
  pendingPhoneChange: null,
};
const passkey = { id: "p1", name: "Laptop", createdAt: "2026-01-01T00:00:00.000Z", lastUsedAt: null };

describe("the other ways 'Didn't get a code?' lists", () => {
  it("are the ones the participant has, never the one in use", () => {
    expect(otherWaysOf(factors, "sms")).toEqual(["voice"]);
    expect(otherWaysOf({ ...factors, totp: true, recoveryCodesLeft: 3, passkeys: [passkey] }, "voice")).toEqual([
      "sms",
      "totp",
      "passkey",
      "recovery",
    ]);
  });

  it("leave out the phone's channels without a phone, and are none when the methods cannot be read", () => {
    expect(otherWaysOf({ ...factors, phone: null, totp: true }, "totp")).toEqual([]);
    expect(otherWaysOf(null, "sms")).toEqual([]);
  });
});

describe("relying on the phone alone", () => {
  it("is true with neither an app nor a passkey", () => {
    expect(reliesOnPhoneAlone(factors)).toBe(true);
    expect(reliesOnPhoneAlone({ ...factors, totp: true })).toBe(false);
    expect(reliesOnPhoneAlone({ ...factors, passkeys: [passkey] })).toBe(false);
  });
});
