import * as z from "zod";
import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { checkNewPassword } from "../domain/password-policy.ts";
import { maskPhone } from "../domain/phone.ts";
import { passwordNotice } from "../interactions/factor-notices.ts";
import type { Account } from "../store/accounts.ts";
import type { PasswordUpdate, PasswordUpdateStep } from "../store/password-updates.ts";
import { ApiError, fail } from "./answers.ts";
import type { CodeChecks } from "./code-checks.ts";
import type { AccountApiDeps, Handlers } from "./deps.ts";
import { apiError } from "./messages.ts";

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

/** The transaction at one of the `allowed` steps; an expired one is closed and says so. */
export function passwordUpdateAt(deps: AccountApiDeps) {
  return async (account: Account, allowed: PasswordUpdateStep[]): Promise<PasswordUpdate> => {
    const update = await deps.passwordUpdates.get(account.id);
    if (!update) throw fail(409, "noTransaction");
    if (update.expired) {
      await deps.passwordUpdates.close(account.id);
      await deps.verifications.discard(flowKey(account.id));
      throw new ApiError(410, { status: "TERMINAL", ...apiError("sessionExpired") });
    }
    if (!allowed.includes(update.step)) throw fail(409, "wrongStep", { nextStep: update.step });
    return update;
  };
}

/**
 * The password-update transaction the portal drives with the signed-in participant's access token
 * (SPEC §4 "Password update flow"; step names as Okta IDX uses them).
 */
export function passwordUpdateHandlers(deps: AccountApiDeps, codes: CodeChecks): Handlers {
  const { passwordUpdates, throttle } = deps;
  const transactionAt = passwordUpdateAt(deps);

  return {
    async "recover-password"({ account }, body) {
      const { captchaToken } = recoverBody.parse(body);
      const bucket = `recover:${account.id}`;
      if (await throttle.isLimited(bucket, RECOVER_LIMIT))
        throw fail(429, "tooManyRecoveries", { retryAfterSeconds: RECOVER_LIMIT.windowMs / 1000 });
      if (captchaToken !== undefined && !(await deps.captcha.verify(captchaToken))) throw fail(400, "captchaInvalid");
      await throttle.record(bucket);
      if (!account.phone || account.phoneMethods.length === 0) throw fail(400, "noPhone");
      await passwordUpdates.start(account.id);
      await deps.verifications.discard(flowKey(account.id));
      return { status: "PENDING", nextStep: "authenticator-verification-data", phoneNumber: maskPhone(account.phone) };
    },

    async "send-mfa-code"({ account }, body) {
      await transactionAt(account, ["authenticator-verification-data", "challenge-authenticator"]);
      // The authenticator app sends nothing: the code step asks for the code it shows.
      if ((body as { authMethod?: unknown } | null)?.authMethod === "totp") {
        if (!(await deps.factors.hasTotp(account.id))) throw fail(400, "methodUnsupported");
        await passwordUpdates.advance(account.id, "challenge-authenticator", "totp");
        return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone ?? "") };
      }
      const parsed = sendBody.safeParse(body);
      if (!parsed.success) throw fail(400, "methodInvalid");
      const method = parsed.data.authMethod;
      if (!account.phone || !account.phoneMethods.includes(method)) throw fail(400, "methodUnsupported");
      await codes.send(account, method, { key: flowKey(account.id), purpose: "password-update" });
      await passwordUpdates.advance(account.id, "challenge-authenticator", method);
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone) };
    },

    async "resend-auth-code"({ account }) {
      const update = await transactionAt(account, ["challenge-authenticator"]);
      if (update.method === "totp") throw fail(400, "methodUnsupported");
      await codes.send(account, update.method ?? "sms", { key: flowKey(account.id), purpose: "password-update" });
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone ?? "") };
    },

    async "submit-auth-code"({ account }, body) {
      const update = await transactionAt(account, ["challenge-authenticator"]);
      const code = codeBody.parse(body).code ?? "";
      if (update.method === "totp") await codes.checkApp(account, "password-update", code);
      else
        await codes.checkSent(flowKey(account.id), code, {
          purpose: "password-update",
          channel: update.method ?? "sms",
          accountKey: account.id,
          trustedDevice: false,
        });
      await passwordUpdates.advance(account.id, "reset-authenticator");
      return { status: "PENDING", nextStep: "reset-authenticator" };
    },

    async "update-password"({ account, grantId }, body) {
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
      await deps.accounts.updatePassword(account.id, await hashPassword(password), deps.now(), grantId);
      await passwordUpdates.complete(account.id, attemptId ?? null);
      await passwordNotice(deps.outbox, account, "changed", deps.portalUrl);
      return { status: "SUCCESS", nextStep: "done" };
    },

    /** Where the password update stands for one attempt of the portal's: done, or the step it is on. */
    async "password-update-status"({ account }, body) {
      const { attemptId } = statusBody.parse(body);
      const update = await passwordUpdates.get(account.id);
      if (update?.step === "done" && update.attemptId === attemptId) return { status: "SUCCESS", nextStep: "done" };
      if (!update || update.expired) throw fail(409, "noTransaction");
      return { status: "PENDING", nextStep: update.step };
    },
  };
}
