import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import { readJson, sendJson } from "../http/io.ts";
import { bearerToken, type VerifiedAccessToken } from "../oidc/access-tokens.ts";
import { NOTIFIABLE_STEPS, type NotificationPreferenceStore } from "./preferences.ts";

export interface PreferencesApiDeps {
  preferences: NotificationPreferenceStore;
  verifyAccessToken: (token: string) => Promise<VerifiedAccessToken | null>;
  grantIsLive: (grantId: string, accountId: string) => Promise<boolean>;
}

const PreferencesBody = z
  .object({
    emailEnabled: z.boolean(),
    steps: z.array(z.union(NOTIFIABLE_STEPS.map((step) => z.literal(step)))).max(NOTIFIABLE_STEPS.length),
  })
  .strict();

/**
 * GET and POST /api/notifications/preferences: the signed-in participant's kit e-mail choices, read and
 * changed with their own access token (a live grant; a results link changes nothing), as the account API.
 */
export function createPreferencesApi(deps: PreferencesApiDeps) {
  async function accountOf(req: IncomingMessage): Promise<string | null> {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? await deps.verifyAccessToken(token) : null;
    if (!claims || claims.token_type === "ACCESS" || typeof claims.gid !== "string") return null;
    const accountId = claims.uid ?? claims.sub;
    return (await deps.grantIsLive(claims.gid, accountId)) ? accountId : null;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("allow", "GET, POST");
      return sendJson(res, 405, { error: "method not allowed" });
    }
    const accountId = await accountOf(req);
    if (!accountId) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      return sendJson(res, 401, { error: "unauthorized" });
    }
    if (req.method === "POST") {
      const parsed = PreferencesBody.safeParse(await readJson(req));
      if (!parsed.success) return sendJson(res, 400, { error: "bad request" });
      await deps.preferences.save(accountId, parsed.data);
    }
    sendJson(res, 200, { preferences: await deps.preferences.get(accountId) });
  };
}
