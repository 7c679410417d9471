import type { IncomingMessage, ServerResponse } from "node:http";
import { readJson, sendJson } from "../http/io.ts";
import { bearerToken, type VerifiedAccessToken } from "../oidc/access-tokens.ts";
import { type NotificationPreferenceStore, PreferencesBody } from "./preferences.ts";

/**
 * GET and POST /api/notifications/preferences: the participant's e-mail choices, with their own access token (a live
 * grant; a results link changes nothing). Once the results service lists a withdrawal, research updates end for good.
 */
export function createPreferencesApi(deps: {
  preferences: NotificationPreferenceStore;
  verifyAccessToken: (token: string) => Promise<VerifiedAccessToken | null>;
  grantIsLive: (grantId: string, accountId: string) => Promise<boolean>;
  /** Whether the results service lists a withdrawal for the participant (asked with their token); null when it cannot say now. */
  hasWithdrawn: (accountId: string, accessToken: string) => Promise<boolean | null>;
}) {
  async function accountOf(req: IncomingMessage): Promise<{ accountId: string; token: string } | null> {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? await deps.verifyAccessToken(token) : null;
    if (!token || !claims || claims.token_type === "ACCESS" || typeof claims.gid !== "string") return null;
    const accountId = claims.uid ?? claims.sub;
    return (await deps.grantIsLive(claims.gid, accountId)) ? { accountId, token } : null;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("allow", "GET, POST");
      return sendJson(res, 405, { error: "method not allowed" });
    }
    const caller = await accountOf(req);
    if (!caller) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      return sendJson(res, 401, { error: "unauthorized" });
    }
    const { accountId } = caller;
    // Asked each time until a withdrawal is known; the answer is kept (markResearchWithdrawn) once it is.
    if (!(await deps.preferences.get(accountId)).researchWithdrawn && (await deps.hasWithdrawn(accountId, caller.token)) === true)
      await deps.preferences.markResearchWithdrawn(accountId);
    if (req.method === "POST") {
      const parsed = PreferencesBody.safeParse(await readJson(req));
      if (!parsed.success) return sendJson(res, 400, { error: "bad request" });
      const { researchUpdates } = parsed.data;
      if (researchUpdates?.channel === "email" && (await deps.preferences.get(accountId)).researchWithdrawn)
        return sendJson(res, 409, { error: "withdrawn", preferences: await deps.preferences.get(accountId) });
      await deps.preferences.save(accountId, parsed.data);
    }
    sendJson(res, 200, { preferences: await deps.preferences.get(accountId) });
  };
}
