import type { IncomingMessage, ServerResponse } from "node:http";
import { readJson, sendJson } from "../http/io.ts";
import { type LiveSessionDeps, liveSessionOf } from "../oidc/access-tokens.ts";
import { type NotificationPreferenceStore, PreferencesBody } from "./preferences.ts";

/**
 * GET and POST /api/notifications/preferences: the participant's e-mail choices, with their own access token (a live
 * grant; a results link changes nothing). Once the results service lists a withdrawal, research updates end for good.
 */
export function createPreferencesApi(
  deps: LiveSessionDeps & {
    preferences: NotificationPreferenceStore;
    /** Whether the results service lists a withdrawal for the participant (asked with their token); null when it cannot say now. */
    hasWithdrawn: (accountId: string, accessToken: string) => Promise<boolean | null>;
  },
) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("allow", "GET, POST");
      return sendJson(res, 405, { error: "method not allowed" });
    }
    const caller = await liveSessionOf(deps, req.headers.authorization);
    if (!caller) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      return sendJson(res, 401, { error: "unauthorized" });
    }
    const { accountId } = caller;
    // Asked each time until a withdrawal is known; the answer is kept (markResearchWithdrawn) once it is.
    if (!(await deps.preferences.get(accountId)).researchWithdrawn && (await deps.hasWithdrawn(accountId, caller.accessToken)) === true)
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
