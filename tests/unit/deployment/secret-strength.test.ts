import { createHash, randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { secretProblems } from "../../../lib/deployment/environment.ts";
import { secretWeakness, secretWeaknessMessage } from "../../../lib/deployment/secret-strength.ts";

describe("one rule for every deployment secret", () => {
  it("refuses what is shorter than 32 characters, however random", () => {
    expect(secretWeakness("a")).toBe("too-short");
    expect(secretWeakness(randomBytes(12).toString("base64url"))).toBe("too-short");
  });

  it("refuses one character or a short pattern repeated", () => {
    expect(secretWeakness("a".repeat(64))).toBe("repeated");
    expect(secretWeakness("ab".repeat(20))).toBe("repeated");
    expect(secretWeakness("Password1234".repeat(3))).toBe("repeated");
    expect(secretWeakness("deadbeef".repeat(2) + "cafebabe".repeat(2))).toBe("repeated");
  });

  it("refuses words, sequences and keyboard runs, however long", () => {
    for (const value of [
      "an-operator-session-secret-0123456789abcdef",
      "a-production-like-session-secret-of-some-length",
      "correct-horse-battery-staple-is-a-fine-long-passphrase-of-words",
      "abcdefghijklmnopqrstuvwxyz0123456789",
      "qwertyuiopasdfghjklzxcvbnm1234567890",
      "ThisIsMyVerySecretProductionCookieKey2026",
    ])
      expect(secretWeakness(value), value).toBe("guessable");
  });

  it("refuses a hash of a word or a common password (derived, not generated), in hex or base64", () => {
    const digest = (algorithm: string, word: string, encoding: "hex" | "base64" | "base64url") =>
      createHash(algorithm).update(word).digest(encoding);
    for (const derived of [
      digest("sha256", "password", "hex"),
      digest("sha256", "password", "base64"),
      digest("sha512", "changeme", "hex"),
      digest("sha1", "letmein", "hex"),
      digest("md5", "qwerty123", "hex"),
      digest("sha256", "dev-portal-secret-change-me", "base64url"),
      digest("sha384", "sunshine", "hex"),
    ])
      expect(secretWeakness(derived), derived).toBe("derived");
    // A hash of something random is as random as it: accepted.
    expect(secretWeakness(digest("sha256", randomBytes(32).toString("hex"), "hex"))).toBeNull();
    expect(secretWeaknessMessage("SESSION_SECRET", "derived")).toMatch(/^SESSION_SECRET is a hash of a word or a common password/);
  });

  it("refuses the published development values", () => {
    expect(secretWeakness("dev-identity-factor-key-change-me-32-bytes-at-least")).toBe("published");
    expect(secretWeakness("development-only-session-secret-change-me")).toBe("published");
  });

  it("accepts what random generators give (openssl rand -hex 16 / -base64 24, 32 bytes base64url, a UUID)", () => {
    for (let round = 0; round < 150; round++) {
      for (const value of [
        randomBytes(16).toString("hex"),
        randomBytes(24).toString("base64"),
        randomBytes(32).toString("base64url"),
        randomUUID(),
      ])
        expect(secretWeakness(value), value).toBeNull();
    }
    // 600 values through the dictionary search: seconds on a loaded machine.
  }, 60_000);

  it("names the variable and never prints the value; each cookie key is checked", () => {
    const weak = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const problems = secretProblems("production", { IDENTITY_COOKIE_KEYS: [randomBytes(32).toString("base64url"), weak] });
    expect(problems).toEqual([expect.stringMatching(/^IDENTITY_COOKIE_KEYS \(key 2 of 2\) repeats one character/)]);
    expect(problems.join()).not.toContain(weak);
    expect(secretProblems("production", { SESSION_SECRET: "a" })).toEqual([
      expect.stringMatching(/^SESSION_SECRET is shorter than 32 characters/),
    ]);
    expect(secretProblems("development", { SESSION_SECRET: "a" })).toEqual([]);
  });

  it("an optional secret is checked only when it is set", () => {
    expect(secretProblems("production", {}, { RESULTS_DOCUMENT_SECRET: undefined })).toEqual([]);
    expect(secretProblems("production", {}, { RESULTS_DOCUMENT_SECRET: "x".repeat(40) })).toHaveLength(1);
  });
});
