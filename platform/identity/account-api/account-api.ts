import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import { BodyRejectedError, readJson, sendJson } from "../http/io.ts";
import { liveSessionOf } from "../oidc/access-tokens.ts";
import { ApiError, fail } from "./answers.ts";
import { createCodeChecks } from "./code-checks.ts";
import type { AccountApiDeps, Caller, Handlers } from "./deps.ts";
import { factorChangeHandlers } from "./factor-changes.ts";
import { noticeHandlers } from "./notices.ts";
import { createPassedVerifications } from "./passed-verifications.ts";
import { passwordUpdateHandlers } from "./password-update.ts";
import { phoneChangeHandlers } from "./phone-change.ts";
import { stepUpHandlers } from "./step-up.ts";

/** The account API the portal calls with the signed-in participant's access token: one POST per operation (`/api/account/<operation>`). */
export function createAccountApi(deps: AccountApiDeps) {
  const codes = createCodeChecks(deps);
  const passed = createPassedVerifications(deps);
  const handlers: Handlers = {
    ...passwordUpdateHandlers(deps, passed),
    ...stepUpHandlers(deps, codes, passed),
    ...factorChangeHandlers(deps, passed),
    ...phoneChangeHandlers(deps, codes, passed),
    ...noticeHandlers(deps),
  };

  async function authenticate(req: IncomingMessage): Promise<Caller> {
    const session = await liveSessionOf(deps, req.headers.authorization);
    const account = session ? await deps.accounts.findById(session.accountId) : null;
    if (!session || !account) throw fail(401, "unauthorized");
    return { account, grantId: session.grantId, accessToken: session.accessToken };
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, operation: string): Promise<void> {
    const handler = Object.hasOwn(handlers, operation) ? handlers[operation] : undefined;
    try {
      if (!handler) throw fail(404, "notFound");
      if (req.method !== "POST") {
        res.setHeader("allow", "POST");
        throw fail(405, "badRequest");
      }
      sendJson(res, 200, await handler(await authenticate(req), await readJson(req)));
    } catch (thrown) {
      const error = thrown instanceof BodyRejectedError || thrown instanceof z.ZodError ? fail(400, "badRequest") : thrown;
      if (!(error instanceof ApiError)) throw error;
      if (error.httpStatus === 401) res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      if (error.answer.retryAfterSeconds) res.setHeader("retry-after", String(error.answer.retryAfterSeconds));
      sendJson(res, error.httpStatus, error.answer);
    }
  };
}
