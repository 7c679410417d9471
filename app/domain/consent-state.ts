import type { ConsentEntry } from "./consent-history";
import type { Withdrawal } from "./withdrawal-reply";

/** How a consent stands, as My Studies shows it. */
export type ConsentState = { kind: "in-effect" } | { kind: "withdrawn"; on: string } | { kind: "withdrawal-requested"; on: string };

/**
 * A consent follows the participant's withdrawal request: every consent to research and studies is
 * being withdrawn from the day of the request; the platform consent (the account's terms) only when
 * the request also deletes the data, which closes the account. A consent already withdrawn says when.
 */
export function consentState(entry: Pick<ConsentEntry, "consent" | "withdrawnOn">, withdrawal: Withdrawal | null): ConsentState {
  if (entry.withdrawnOn) return { kind: "withdrawn", on: entry.withdrawnOn };
  if (!withdrawal) return { kind: "in-effect" };
  if (entry.consent === "platform" && withdrawal.choice !== "delete-data") return { kind: "in-effect" };
  return { kind: "withdrawal-requested", on: withdrawal.requestedAt.slice(0, 10) };
}
