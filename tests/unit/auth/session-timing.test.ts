import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { touchIntervalMs } from "~/domain/session-timing";

describe("session last-seen touches", () => {
  it("happen once a minute under SPEC's 30-minute idle limit", () => expect(touchIntervalMs(30 * 60)).toBe(60_000));

  it("are never further apart than half the idle limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 3600 }), (idleSeconds) => touchIntervalMs(idleSeconds) <= (idleSeconds * 1000) / 2),
    );
  });
});
