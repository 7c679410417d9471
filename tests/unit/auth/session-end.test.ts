import { describe, expect, it } from "vitest";
import { clockTime } from "~/domain/clock-time";
import { sessionEndsAt } from "~/domain/session-timing";

describe("when a session ends", () => {
  const limits = { idleTimeoutSeconds: 30 * 60, absoluteTimeoutSeconds: 12 * 60 * 60 };

  it("at the idle limit after the last request, while that comes first", () => {
    const lastSeenAt = new Date("2026-11-23T14:00:00Z");
    expect(sessionEndsAt({ lastSeenAt, createdAt: new Date("2026-11-23T09:00:00Z") }, limits)).toBe(Date.parse("2026-11-23T14:30:00Z"));
  });

  it("at the absolute limit after sign-in, however active the participant is", () => {
    const createdAt = new Date("2026-11-23T02:10:00Z");
    expect(sessionEndsAt({ lastSeenAt: new Date("2026-11-23T14:00:00Z"), createdAt }, limits)).toBe(Date.parse("2026-11-23T14:10:00Z"));
  });
});

describe("the session's end as a clock time", () => {
  const at = Date.parse("2026-11-23T14:45:00Z");

  it("names the time zone it is written in, in the page's language", () => {
    expect(clockTime(at, "en", "UTC")).toBe("2:45\u00a0PM\u00a0UTC");
    expect(clockTime(at, "es", "UTC")).toBe("14:45\u00a0UTC");
    expect(clockTime(at, "en", "America/Los_Angeles")).toBe("6:45\u00a0AM\u00a0PST");
  });
});
