import { describe, expect, it } from "vitest";
import { reusableRequestKey, SHARE_REQUEST_REUSE_MS, type PendingShareRequest } from "~/domain/share-request";

const input = { appId: "app-1006-fh-health", recipient: "Dr. Rivera", days: 7, language: "en" as const };
const chosenAt = new Date("2026-11-24T10:00:00.000Z");
const pending: PendingShareRequest = { key: "0b6c0d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e", input, chosenAt: chosenAt.toISOString() };
const later = (ms: number) => new Date(chosenAt.getTime() + ms);

describe("the request key of a share", () => {
  it("is reused for the same request within the few minutes", () => {
    expect(reusableRequestKey(pending, { ...input }, later(1000))).toBe(pending.key);
    expect(reusableRequestKey(pending, input, later(SHARE_REQUEST_REUSE_MS - 1))).toBe(pending.key);
  });

  it("is new after the few minutes, for a different request, or when none was kept", () => {
    expect(reusableRequestKey(pending, input, later(SHARE_REQUEST_REUSE_MS))).toBeNull();
    expect(reusableRequestKey(pending, input, later(-1000))).toBeNull();
    expect(reusableRequestKey(null, input, later(1000))).toBeNull();
    for (const change of [{ recipient: "Dr. Soto" }, { days: 30 }, { appId: "app-1006-bc-health" }, { language: "es" as const }])
      expect(reusableRequestKey(pending, { ...input, ...change }, later(1000))).toBeNull();
  });
});
