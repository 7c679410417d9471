import * as z from "zod";
import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { checkNewPassword } from "../domain/password-policy.ts";
import { maskPhone } from "../domain/phone.ts";
import { passwordNotice } from "../interactions/factor-notices.ts";
import type { PasswordUpdate, PasswordUpdateStep } from "../store/password-updates.ts";
import { fail } from "./answers.ts";
import type { AccountApiDeps, Caller, Handlers } from "./deps.ts";
import { type PassedVerifications, stepUpKey } from "./passed-verifications.ts";

const RECOVER_LIMIT = { max: 5, windowMs: 10 * 60_000 };
const PASSWORD_PROBLEMS = { required: "passwordRequired", "too-short": "passwordTooShort", common: "passwordCommon" } as const;

const recoverBody = z.object({ captchaToken: z.string().max(20_000).optional(), captchaId: z.string().max(200).optional() });
const passwordBody = z.object({ password: z.string().max(1000).optional(), attemptId: z.string().min(8).max(100).optional() });
const statusBody = z.object({ attemptId: z.string().min(8).max(100) });

/** The transaction at one of the `allowed` steps; an expired one is closed and says so. */
export async function passwordUpdateAt(deps: AccountApiDeps, caller: Caller, allowed: PasswordUpdateStep[]): Promise<PasswordUpdate> {
  const update = await deps.passwordUpdates.get(caller.account.id);
  if (!update) throw fail(409, "noTransaction");
  if (update.expired) {
    await deps.passwordUpdates.close(caller.account.id);
    await deps.verifications.discard(stepUpKey(caller, "password-update"));
    throw fail(410, "sessionExpired", { status: "TERMINAL" });
  }
  if (!allowed.includes(update.step)) throw fail(409, "wrongStep", { nextStep: update.step });
  return update;
}

/**
 * The password-update transaction the portal drives with the signed-in participant's access token
 * (SPEC §4 "Password update flow"; step names as Okta IDX uses them). Its code (or the app's, or a
 * passkey) goes through the step-up API with the purpose "password-update" (step-up.ts), which moves
 * the transaction on; the new password takes that session's passed verification, once.
 */
export function passwordUpdateHandlers(deps: AccountApiDeps, passed: PassedVerifications): Handlers {
  const { passwordUpdates, throttle } = deps;

  return {
    async "recover-password"(caller, body) {
      const { account } = caller;
      const { captchaToken } = recoverBody.parse(body);
      const bucket = `recover:${account.id}`;
      if (await throttle.isLimited(bucket, RECOVER_LIMIT))
        throw fail(429, "tooManyRecoveries", { retryAfterSeconds: RECOVER_LIMIT.windowMs / 1000 });
      if (captchaToken !== undefined && !(await deps.captcha.verify(captchaToken))) throw fail(400, "captchaInvalid");
      await throttle.record(bucket);
      if (!account.phone || account.phoneMethods.length === 0) throw fail(400, "noPhone");
      await passwordUpdates.start(account.id);
      await deps.verifications.discard(stepUpKey(caller, "password-update"));
      return { status: "PENDING", nextStep: "authenticator-verification-data", phoneNumber: maskPhone(account.phone) };
    },

    async "update-password"(caller, body) {
      const { account } = caller;
      const { password = "", attemptId } = passwordBody.parse(body);
      // The same attempt again (the portal retrying after a crash or a timeout) learns it already succeeded.
      const current = await passwordUpdates.get(account.id);
      if (current?.step === "done" && attemptId && current.attemptId === attemptId && !current.expired)
        return { status: "SUCCESS", nextStep: "done" };
      await passwordUpdateAt(deps, caller, ["reset-authenticator"]);
      // The code was passed in this session: another session of the participant cannot set the password.
      return passed.changeWith(
        caller,
        async () => {
          const problem = checkNewPassword(password);
          if (problem) throw fail(400, PASSWORD_PROBLEMS[problem]);
          if (await verifyPassword(password, account.passwordHash)) throw fail(400, "passwordUnchanged");
          await deps.accounts.updatePassword(account.id, await hashPassword(password), deps.now(), caller.grantId);
          await passwordUpdates.complete(account.id, attemptId ?? null);
          await passwordNotice(deps, account, "changed");
          return { status: "SUCCESS", nextStep: "done" };
        },
        "password-update",
      );
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
