import type { TokenCheckFailure } from "./access-token-payload";
import type { AuthErrorCode } from "./oidc-checks";

/** Why a results link was not opened (app/services/results-link.server.ts checks it). */
export type ResultsLinkRefusal =
  { kind: "token"; failure: TokenCheckFailure | "notResultsLink" } | { kind: "flow"; code: AuthErrorCode } | { kind: "unavailable" };

/** Signature, key, issuer or audience checks that failed: the link is not one of ours, whatever the library said. */
const NOT_A_RESULTS_LINK = { messageKey: "resultsLink.invalid", helpKey: "resultsLinkHelp.invalid", status: 401 };
const UNAVAILABLE = { messageKey: "resultsLink.unavailable", helpKey: null, status: 503 };

/**
 * SPEC.md §5 'Token checks (results)' and §8, said so a participant understands them: a link without
 * its token is incomplete, a token without a user id or issuer is not a valid link (the checks' own
 * words are for developers), every case says what to do, and only an expired link says it expired.
 * The words are keys of the auth catalog, beside the status the page answers with.
 */
export function explainRefusal(refusal: ResultsLinkRefusal): { messageKey: string; helpKey: string | null; status: number } {
  if (refusal.kind === "unavailable") return UNAVAILABLE;
  if (refusal.kind === "token") {
    if (refusal.failure === "missing") return { messageKey: "resultsLink.missing", helpKey: "resultsLinkHelp.missing", status: 400 };
    return { ...NOT_A_RESULTS_LINK, status: 400 };
  }
  if (refusal.code === "expired") return { messageKey: "resultsLink.expired", helpKey: "resultsLinkHelp.expired", status: 401 };
  if (refusal.code === "unknown" || refusal.code === "flowTimedOut" || refusal.code === "unparsableResponse") return UNAVAILABLE;
  return NOT_A_RESULTS_LINK;
}
