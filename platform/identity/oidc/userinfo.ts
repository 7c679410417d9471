import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../http/io.ts";
import type { AccountStore } from "../store/accounts.ts";
import { bearerToken, type VerifiedAccessToken } from "./access-tokens.ts";
import { claimsForScope } from "./claims.ts";

/**
 * oidc-provider's userinfo accepts only opaque tokens without an audience, but the portal's
 * access tokens are JWTs for the results API. For those, userinfo is answered here with the
 * claims the token's scope releases; any other token goes on to the provider.
 */
export function createUserinfoForResultsTokens(deps: {
  accounts: AccountStore;
  verifyAccessToken: (token: string) => Promise<VerifiedAccessToken | null>;
}) {
  const isJwt = (token: string | null) => token !== null && token.split(".").length === 3;
  return {
    async handles(req: IncomingMessage) {
      return (req.method === "GET" || req.method === "POST") && isJwt(bearerToken(req.headers.authorization));
    },
    async handle(req: IncomingMessage, res: ServerResponse) {
      const claims = await deps.verifyAccessToken(bearerToken(req.headers.authorization)!);
      const account = claims && claims.token_type !== "ACCESS" ? await deps.accounts.findById(claims.uid ?? claims.sub) : null;
      if (!claims || !account) {
        res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
        return sendJson(res, 401, { error: "invalid_token", error_description: "invalid token provided" });
      }
      sendJson(res, 200, claimsForScope(account, claims.scope ?? "openid"));
    },
  };
}
