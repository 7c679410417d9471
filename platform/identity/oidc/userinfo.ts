import type { RequestHandler } from "express";
import { sendJson } from "../http/io.ts";
import type { AccountStore } from "../store/accounts.ts";
import { bearerToken, type LiveSessionDeps } from "./access-tokens.ts";
import { claimsForScope } from "./claims.ts";

/**
 * oidc-provider's userinfo accepts only opaque tokens without an audience, but the portal's
 * access tokens are JWTs for the results API. For those, userinfo is answered here with the
 * claims the token's scope releases; any other token goes on to the provider.
 */
export function createUserinfoForResultsTokens(
  deps: { accounts: AccountStore } & Pick<LiveSessionDeps, "verifyAccessToken">,
): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if ((req.method !== "GET" && req.method !== "POST") || token?.split(".").length !== 3) return next();
    const claims = await deps.verifyAccessToken(token);
    const account = claims && claims.token_type !== "ACCESS" ? await deps.accounts.findById(claims.uid ?? claims.sub) : null;
    if (!claims || !account) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      return sendJson(res, 401, { error: "invalid_token", error_description: "invalid token provided" });
    }
    sendJson(res, 200, claimsForScope(account, claims.scope ?? "openid"));
  };
}
