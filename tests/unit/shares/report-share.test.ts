import { describe, expect, it } from "vitest";
import { deviceDescription, deviceParts, shareEndedAt } from "~/domain/report-share";
import { NewShareSchema, OpenShareSchema } from "~/domain/report-share-forms";
import { createShareHasher, newShareCode, normalizedCode } from "../../../platform/results/shares/share-secrets.ts";
import { stateOf } from "../../../platform/results/shares/share-store.ts";

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

describe("when a share ended, as the participant's pages say it", () => {
  const share = { endedAt: null, expiresAt: "2031-05-01T10:00:00.000Z" };
  it("is the moment it was ended early, or its end time once that has passed; nothing while it is open", () => {
    expect(shareEndedAt({ ...share, state: "active" })).toBeNull();
    expect(shareEndedAt({ ...share, state: "expired" })).toBe(share.expiresAt);
    expect(shareEndedAt({ ...share, state: "locked", endedAt: "2031-04-02T09:00:00.000Z" })).toBe("2031-04-02T09:00:00.000Z");
    expect(shareEndedAt({ ...share, state: "revoked", endedAt: "2031-04-03T09:00:00.000Z" })).toBe("2031-04-03T09:00:00.000Z");
    expect(shareEndedAt({ ...share, state: "withdrawn" })).toBeNull();
  });
});

describe("what kind of device opened a share", () => {
  it("names the kind and the browser, nothing more", () => {
    expect(deviceDescription(CHROME_WINDOWS)).toBe("computer · Chrome");
    expect(deviceDescription(SAFARI_IPHONE)).toBe("phone · Safari");
    expect(deviceDescription("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1")).toBe("tablet · Safari");
    expect(deviceDescription(null)).toBe("computer");
    expect(deviceParts("phone · Safari")).toEqual({ kind: "phone", browser: "Safari" });
    expect(deviceParts("fridge")).toEqual({ kind: null, browser: null });
  });
});

describe("the participant's and the clinician's forms", () => {
  it("takes 1, 7 or 30 days and a name of at most 100 characters", () => {
    expect(NewShareSchema.safeParse({ appId: "a", recipient: " Dr. Rivera ", days: "30" }).data).toEqual({
      appId: "a",
      recipient: "Dr. Rivera",
      days: 30,
    });
    expect(NewShareSchema.safeParse({ appId: "a", recipient: "Dr. Rivera", days: "2" }).success).toBe(false);
    expect(NewShareSchema.safeParse({ appId: "a", recipient: "x".repeat(101), days: "1" }).success).toBe(false);
    expect(NewShareSchema.safeParse({ appId: "a", recipient: "Dr.\u0000", days: "1" }).success).toBe(false);
  });

  it("takes a code as read aloud and a real date of birth in the past", () => {
    expect(OpenShareSchema.safeParse({ code: "k7m2q xp9dr", dateOfBirth: "1984-03-09" }).success).toBe(true);
    expect(OpenShareSchema.safeParse({ code: "K7M2Q-XP9D0", dateOfBirth: "1984-03-09" }).success).toBe(false);
    expect(OpenShareSchema.safeParse({ code: "K7M2Q-XP9DR", dateOfBirth: "1984-02-30" }).success).toBe(false);
    expect(OpenShareSchema.safeParse({ code: "K7M2Q-XP9DR", dateOfBirth: "2999-01-01" }).success).toBe(false);
    expect(OpenShareSchema.safeParse({ link: "a".repeat(43), dateOfBirth: "1984-03-09" }).success).toBe(true);
  });
});

describe("share secrets (results service)", () => {
  it("makes ten unambiguous symbols and stores only keyed hashes of what was typed", () => {
    const code = newShareCode();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const hasher = createShareHasher("a".repeat(32));
    expect(hasher.hash("code", code)).toBe(hasher.hash("code", normalizedCode(code.toLowerCase())));
    expect(hasher.hash("code", code)).not.toContain(code.replace("-", ""));
    expect(hasher.hash("code", code)).not.toBe(createShareHasher("b".repeat(32)).hash("code", code));
    expect(hasher.hash("link", "x")).not.toBe(hasher.hash("access", "x"));
  });

  it("matches a date of birth only when one is on file", () => {
    const hasher = createShareHasher("a".repeat(32));
    expect(hasher.sameBirthDate("1984-03-09", "1984-03-09")).toBe(true);
    expect(hasher.sameBirthDate("1984-03-10", "1984-03-09")).toBe(false);
    expect(hasher.sameBirthDate("none", null)).toBe(false);
  });

  it("ends a share at its time, at revocation, at a lock and at withdrawal", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    const row = {
      id: "s",
      user_id: "u",
      app_id: "a",
      recipient: "r",
      language: "en" as const,
      created_at: now,
      expires_at: new Date(now.getTime() + 1000),
      revoked_at: null,
      locked_at: null,
      wrong_birth_dates: 0,
      withdrawn: false,
    };
    expect(stateOf(row, now)).toBe("active");
    expect(stateOf(row, new Date(now.getTime() + 1000))).toBe("expired");
    expect(stateOf({ ...row, revoked_at: now }, now)).toBe("revoked");
    expect(stateOf({ ...row, locked_at: now }, now)).toBe("locked");
    expect(stateOf({ ...row, withdrawn: true }, now)).toBe("withdrawn");
  });
});
