import { basicAuthorization, idpMetadata } from "./idp.server";
import { logger } from "./logger.server";
import { callUpstream } from "./upstream.server";

/**
 * Whether the identity provider takes the portal's client credentials (IDP_CLIENT_ID and
 * IDP_CLIENT_SECRET), asked at start-up and again now and then: `refused` takes this instance out of
 * service (/readyz 503) with an alert, since nobody could sign in through it; `unknown` while the
 * provider has not answered (its being down is reported apart and changes nothing here).
 */
export type ClientCredentialsCheck = "ok" | "refused" | "unknown";

const ASK_AGAIN_UNANSWERED_MS = 5_000;
const ASK_AGAIN_ANSWERED_MS = 5 * 60_000;

let state: ClientCredentialsCheck = "unknown";

export function clientCredentialsCheck(): ClientCredentialsCheck {
  return state;
}

/**
 * Asks the revocation endpoint to revoke a value that is no token: RFC 7009 answers 200 to a client
 * that authenticated (nothing is revoked) and 401 `invalid_client` to one that did not.
 */
async function askProviderAboutClient(): Promise<ClientCredentialsCheck> {
  try {
    const { revocation_endpoint } = await idpMetadata();
    if (!revocation_endpoint) return "unknown";
    const reply = await callUpstream({
      upstream: "identity",
      url: revocation_endpoint,
      method: "POST",
      headers: { Authorization: basicAuthorization() },
      form: { token: "portal-client-credentials-check", token_type_hint: "access_token" },
      timeoutMs: 2_000,
    });
    if (!reply.answered) return "unknown";
    if (reply.ok) return "ok";
    const error = reply.body && typeof reply.body === "object" ? (reply.body as { error?: unknown }).error : undefined;
    return reply.status === 401 || error === "invalid_client" ? "refused" : "unknown";
  } catch {
    return "unknown";
  }
}

/** Asks now, then every few seconds until the provider answers, then every few minutes; says so when the answer changes. */
export function startClientCredentialsCheck(): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const ask = async () => {
    const answer = await askProviderAboutClient();
    if (answer === "refused" && state !== "refused")
      logger.error(
        { alert: "identity-client-refused", settings: ["IDP_CLIENT_ID", "IDP_CLIENT_SECRET"] },
        "the identity provider refuses the portal's client credentials: nobody can sign in through this instance until IDP_CLIENT_ID and IDP_CLIENT_SECRET match the provider's PORTAL_CLIENT_ID and PORTAL_CLIENT_SECRET",
      );
    if (answer === "ok" && state === "refused") logger.info("the identity provider takes the portal's client credentials again");
    if (answer !== "unknown") state = answer;
    if (!stopped) {
      timer = setTimeout(() => void ask(), answer === "unknown" ? ASK_AGAIN_UNANSWERED_MS : ASK_AGAIN_ANSWERED_MS);
      timer.unref();
    }
  };
  void ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
