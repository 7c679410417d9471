import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import type { CaptchaVerifier } from "../captcha/verifier.ts";
import { type Channel, isWellFormedCode } from "../domain/codes.ts";
import { CODE_FAILURE_WINDOW_MS } from "../domain/guessing-limits.ts";
import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { checkNewPassword } from "../domain/password-policy.ts";
import { maskPhone } from "../domain/phone.ts";
import { BodyRejectedError, readJson, sendJson } from "../http/io.ts";
import { bearerToken, type VerifiedAccessToken } from "../oidc/access-tokens.ts";
import type { Account, AccountStore } from "../store/accounts.ts";
import { createCodeGuard } from "../store/code-guard.ts";
import type { PasswordUpdate, PasswordUpdates, PasswordUpdateStep } from "../store/password-updates.ts";
import type { Throttle } from "../store/throttle.ts";
import type { Verifications } from "../store/verifications.ts";
import { apiError, type ApiErrorCode } from "./messages.ts";

type Status = "SUCCESS" | "PENDING" | "FAILURE" | "TERMINAL" | "CANCELED";

interface Answer {
  status: Status;
  nextStep?: string;
  phoneNumber?: string;
  errorCode?: ApiErrorCode;
  errorMessage?: string;
  errorValues?: Record<string, number>;
  retryAfterSeconds?: number;
}

export interface AccountApiDeps {
  accounts: AccountStore;
  passwordUpdates: PasswordUpdates;
  verifications: Verifications;
  throttle: Throttle;
  captcha: CaptchaVerifier;
  verifyAccessToken: (token: string) => Promise<VerifiedAccessToken | null>;
  now: () => Date;
}

const RECOVER_LIMIT = { max: 5, windowMs: 10 * 60_000 };

const flowKey = (accountId: string) => `password-update:${accountId}`;

const recoverBody = z.object({ captchaToken: z.string().max(20_000).optional(), captchaId: z.string().max(200).optional() });
const sendBody = z.object({
  authMethod: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["sms", "voice"])),
});
const codeBody = z.object({ code: z.string().max(100).optional() });
const passwordBody = z.object({ password: z.string().max(1000).optional(), attemptId: z.string().min(8).max(100).optional() });
const statusBody = z.object({ attemptId: z.string().min(8).max(100) });

class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly answer: Answer,
  ) {
    super(answer.errorMessage);
  }
}

const fail = (httpStatus: number, code: ApiErrorCode, extra: Partial<Answer> = {}, values: Record<string, number> = {}) =>
  new ApiError(httpStatus, { status: "FAILURE", ...apiError(code, values), ...extra });

/**
 * The password-update transaction the portal drives with the signed-in participant's access token
 * (SPEC §4 "Password update flow"; step names as Okta IDX uses them).
 */
export function createAccountApi(deps: AccountApiDeps) {
  const { accounts, passwordUpdates, verifications, throttle } = deps;
  const codeGuard = createCodeGuard(throttle, verifications);

  async function authenticate(req: IncomingMessage): Promise<{ account: Account; grantId: string | null }> {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? await deps.verifyAccessToken(token) : null;
    // A results link opens results only; it never changes the account.
    if (!claims || claims.token_type === "ACCESS") throw new ApiError(401, { status: "FAILURE", ...apiError("unauthorized") });
    const account = await accounts.findById(claims.uid ?? claims.sub);
    if (!account) throw new ApiError(401, { status: "FAILURE", ...apiError("unauthorized") });
    return { account, grantId: typeof claims.gid === "string" ? claims.gid : null };
  }

  async function transactionAt(account: Account, allowed: PasswordUpdateStep[]): Promise<PasswordUpdate> {
    const update = await passwordUpdates.get(account.id);
    if (!update) throw fail(409, "noTransaction");
    if (update.expired) {
      await passwordUpdates.close(account.id);
      await verifications.discard(flowKey(account.id));
      throw new ApiError(410, { status: "TERMINAL", ...apiError("sessionExpired") });
    }
    if (!allowed.includes(update.step)) throw fail(409, "wrongStep", { nextStep: update.step });
    return update;
  }

  async function sendCode(account: Account, method: Channel): Promise<void> {
    const sent = await verifications.send({
      flowKey: flowKey(account.id),
      purpose: "password-update",
      channel: method,
      to: account.phone!,
      budget: { accountKey: account.id, client: "account-api" },
    });
    if (!sent.ok && sent.reason === "budget")
      throw fail(429, "sendingBudget", { retryAfterSeconds: sent.retryAfterSeconds }, { minutes: Math.ceil(sent.retryAfterSeconds / 60) });
    if (!sent.ok) throw fail(429, "resendWait", { retryAfterSeconds: sent.retryAfterSeconds }, { seconds: sent.retryAfterSeconds });
  }

  const handlers: Record<string, (account: Account, body: unknown, grantId: string | null) => Promise<Answer>> = {
    async "recover-password"(account, body) {
      const { captchaToken } = recoverBody.parse(body);
      const bucket = `recover:${account.id}`;
      if (await throttle.isLimited(bucket, RECOVER_LIMIT))
        throw fail(429, "tooManyRecoveries", { retryAfterSeconds: RECOVER_LIMIT.windowMs / 1000 });
      if (captchaToken !== undefined && !(await deps.captcha.verify(captchaToken))) throw fail(400, "captchaInvalid");
      await throttle.record(bucket);
      if (!account.phone || account.phoneMethods.length === 0) throw fail(400, "noPhone");
      await passwordUpdates.start(account.id);
      await verifications.discard(flowKey(account.id));
      return { status: "PENDING", nextStep: "authenticator-verification-data", phoneNumber: maskPhone(account.phone) };
    },

    async "send-mfa-code"(account, body) {
      await transactionAt(account, ["authenticator-verification-data", "challenge-authenticator"]);
      const parsed = sendBody.safeParse(body);
      if (!parsed.success) throw fail(400, "methodInvalid");
      const method = parsed.data.authMethod;
      if (!account.phone || !account.phoneMethods.includes(method)) throw fail(400, "methodUnsupported");
      await sendCode(account, method);
      await passwordUpdates.advance(account.id, "challenge-authenticator", method);
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone) };
    },

    async "resend-auth-code"(account) {
      const update = await transactionAt(account, ["challenge-authenticator"]);
      await sendCode(account, update.method ?? "sms");
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone ?? "") };
    },

    async "submit-auth-code"(account, body) {
      const update = await transactionAt(account, ["challenge-authenticator"]);
      const code = (codeBody.parse(body).code ?? "").trim();
      if (!code) throw fail(400, "codeRequired");
      if (!isWellFormedCode(code, update.method ?? "sms")) throw fail(400, "codeInvalid");
      const result = await codeGuard.check(flowKey(account.id), code, {
        purpose: "password-update",
        channel: update.method ?? "sms",
        accountKey: account.id,
        trustedDevice: false,
      });
      if (result === "over-budget") throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: CODE_FAILURE_WINDOW_MS / 1000 });
      if (result !== "verified") {
        if (result === "wrong") throw fail(400, "codeInvalid");
        if (result === "expired") throw fail(400, "codeExpired");
        throw fail(400, "codeExhausted");
      }
      await passwordUpdates.advance(account.id, "reset-authenticator");
      return { status: "PENDING", nextStep: "reset-authenticator" };
    },

    async "update-password"(account, body, grantId) {
      const { password = "", attemptId } = passwordBody.parse(body);
      // The same attempt again (the portal retrying after a crash or a timeout) learns it already succeeded.
      const current = await passwordUpdates.get(account.id);
      if (current?.step === "done" && attemptId && current.attemptId === attemptId && !current.expired)
        return { status: "SUCCESS", nextStep: "done" };
      await transactionAt(account, ["reset-authenticator"]);
      const problem = checkNewPassword(password);
      if (problem === "required") throw fail(400, "passwordRequired");
      if (problem === "too-short") throw fail(400, "passwordTooShort");
      if (problem === "common") throw fail(400, "passwordCommon");
      if (await verifyPassword(password, account.passwordHash)) throw fail(400, "passwordUnchanged");
      await accounts.updatePassword(account.id, await hashPassword(password), deps.now(), grantId);
      await passwordUpdates.complete(account.id, attemptId ?? null);
      return { status: "SUCCESS", nextStep: "done" };
    },

    /** Where the password update stands for one attempt of the portal's: done, or the step it is on. */
    async "password-update-status"(account, body) {
      const { attemptId } = statusBody.parse(body);
      const update = await passwordUpdates.get(account.id);
      if (update?.step === "done" && update.attemptId === attemptId) return { status: "SUCCESS", nextStep: "done" };
      if (!update || update.expired) throw fail(409, "noTransaction");
      return { status: "PENDING", nextStep: update.step };
    },
  };

  return async function handle(req: IncomingMessage, res: ServerResponse, operation: string): Promise<void> {
    const handler = handlers[operation];
    if (!handler) return sendJson(res, 404, { status: "FAILURE", ...apiError("notFound") });
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return sendJson(res, 405, { status: "FAILURE", ...apiError("badRequest") });
    }
    try {
      const { account, grantId } = await authenticate(req);
      const body = await readJson(req);
      sendJson(res, 200, await handler(account, body, grantId));
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.httpStatus === 401) res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
        if (error.answer.retryAfterSeconds) res.setHeader("retry-after", String(error.answer.retryAfterSeconds));
        return sendJson(res, error.httpStatus, error.answer);
      }
      if (error instanceof BodyRejectedError || error instanceof z.ZodError)
        return sendJson(res, 400, { status: "FAILURE", ...apiError("badRequest") });
      throw error;
    }
  };
}
