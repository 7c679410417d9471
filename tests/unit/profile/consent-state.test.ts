import { describe, expect, it } from "vitest";
import { consentState } from "~/domain/consent-state";
import type { Withdrawal } from "~/domain/withdrawal-reply";

const request = (choice: Withdrawal["choice"]): Withdrawal => ({
  reference: "WD-2026-ABC123",
  choice,
  status: "received",
  requestedAt: "2026-11-20T10:00:00.000Z",
});

describe("how a consent stands on My Studies", () => {
  it("is in effect without a request, and withdrawn on its day once withdrawn", () => {
    expect(consentState({ consent: "research", withdrawnOn: null }, null)).toEqual({ kind: "in-effect" });
    expect(consentState({ consent: "traits", withdrawnOn: "2026-10-12" }, request("delete-data"))).toEqual({
      kind: "withdrawn",
      on: "2026-10-12",
    });
  });

  it("follows a withdrawal request: research and studies at once, the platform consent only when the account closes", () => {
    for (const choice of ["stop-research", "destroy-sample", "delete-data"] as const) {
      expect(consentState({ consent: "research", withdrawnOn: null }, request(choice))).toEqual({
        kind: "withdrawal-requested",
        on: "2026-11-20",
      });
      expect(consentState({ consent: "health", withdrawnOn: null }, request(choice))).toEqual({
        kind: "withdrawal-requested",
        on: "2026-11-20",
      });
    }
    expect(consentState({ consent: "platform", withdrawnOn: null }, request("stop-research"))).toEqual({ kind: "in-effect" });
    expect(consentState({ consent: "platform", withdrawnOn: null }, request("delete-data"))).toEqual({
      kind: "withdrawal-requested",
      on: "2026-11-20",
    });
  });
});
