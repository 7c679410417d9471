import type { IncomingMessage, ServerResponse } from "node:http";
import type { AccountApiDeps } from "../account-api/deps.ts";
import type { IdentityConfig } from "../config.ts";
import { sameSecret } from "../domain/codes.ts";
import { readJson, sendJson } from "../http/io.ts";
import { bearerToken, signResultsLinkToken } from "../oidc/access-tokens.ts";

/** POST /dev/results-link { email } → { url }: a portal link carrying a 1-hour TOKEN-TYPE ACCESS token. */
export function createResultsLinkRoute(
  deps: Pick<AccountApiDeps, "accounts" | "keys" | "issuer" | "portalUrl" | "resultsApiAudience"> &
    Pick<IdentityConfig, "resultsLinkAdminToken">,
) {
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST") return sendJson(res, 405, { error: "method not allowed" });
    if (deps.resultsLinkAdminToken && !sameSecret(bearerToken(req.headers.authorization) ?? "", deps.resultsLinkAdminToken))
      return sendJson(res, 401, { error: "admin token required" });
    const body = (await readJson(req)) as { email?: unknown };
    if (typeof body.email !== "string") return sendJson(res, 400, { error: "email is required" });
    const account = await deps.accounts.findByEmail(body.email);
    if (!account) return sendJson(res, 404, { error: "no participant with that email" });
    const token = await signResultsLinkToken(deps.keys, {
      issuer: deps.issuer,
      audience: deps.resultsApiAudience,
      accountId: account.id,
      email: account.email,
    });
    sendJson(res, 200, { url: `${deps.portalUrl}/results-link?access_token=${encodeURIComponent(token)}` });
  };
}
