import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import * as z from "zod";
import { authenticationOptions, verifiedAuthentication } from "../domain/passkey-ceremonies.ts";
import { maskPhone } from "../domain/phone.ts";
import { factorChangeRecorder } from "../interactions/factor-notices.ts";
import type { StepUpMethod } from "../oidc/access-tokens.ts";
import type { PasswordUpdateStep } from "../store/password-updates.ts";
import { type Answer, fail } from "./answers.ts";
import type { CodeChecks } from "./code-checks.ts";
import type { AccountApiDeps, Caller, Handlers } from "./deps.ts";
import { deviceBody } from "./factor-changes.ts";
import { type PassedVerifications, STEP_UP_PURPOSES, stepUpKey, type StepUpPurpose } from "./passed-verifications.ts";
import { passwordUpdateAt } from "./password-update.ts";

/**
 * The password update's steps at which a code (or a passkey) is asked for; at its new-password step
 * too, for a session that did not pass the code itself (a participant signed in again mid-update).
 */
const CODE_STEPS: PasswordUpdateStep[] = ["authenticator-verification-data", "challenge-authenticator", "reset-authenticator"];
/** The password update keeps its own words in the message and its own wrong-code budget. */
const codePurpose = (purpose: StepUpPurpose) => (purpose === "password-update" ? "password-update" : "step-up");
const stepUpSendBody = z.object({
  authMethod: z
    .string()
    .toLowerCase()
    .pipe(z.enum(["sms", "voice"])),
  purpose: z.enum(STEP_UP_PURPOSES),
});
const stepUpCheckBody = deviceBody.extend({
  purpose: z.enum(STEP_UP_PURPOSES),
  code: z.string().max(100).optional(),
  /** 'totp': the code is the authenticator app's, not one that was sent; 'recovery': one of the participant's recovery codes. */
  method: z.enum(["sent", "totp", "recovery"]).default("sent"),
});
const purposeBody = z.object({ purpose: z.enum(STEP_UP_PURPOSES) });
/** A passkey instead of a code, for any purpose. */
const assertFinishBody = purposeBody.extend({ credential: z.looseObject({ id: z.string().max(2000) }) });

/** The step-up API keyed by purpose: send a code, resend it, check it (or the app's, or a passkey). */
export function stepUpHandlers(deps: AccountApiDeps, codes: CodeChecks, passed: PassedVerifications): Handlers {
  const factorChanged = factorChangeRecorder(deps);

  /** Passed: the password update moves on to its new password, the other purposes are opened (or proven). */
  async function passedFor(caller: Caller, purpose: StepUpPurpose, method: StepUpMethod): Promise<Answer> {
    const answer = await passed.passed(caller, purpose, method);
    if (purpose === "password-update") await deps.passwordUpdates.advance(caller.account.id, "reset-authenticator");
    return answer;
  }

  return {
    /** A code by the participant's own phone, for one purpose in this session; asking again is the resend (same lock). */
    async "send-verification-code"(caller, body) {
      const parsed = stepUpSendBody.safeParse(body);
      if (!parsed.success)
        throw fail(400, parsed.error.issues.some((issue) => issue.path[0] === "purpose") ? "purposeInvalid" : "methodInvalid");
      const { authMethod: method, purpose } = parsed.data;
      const { account } = caller;
      const update = purpose === "password-update" ? await passwordUpdateAt(deps, caller, CODE_STEPS) : null;
      if (!account.phone || account.phoneMethods.length === 0) throw fail(400, "noPhone");
      if (!account.phoneMethods.includes(method)) throw fail(400, "methodUnsupported");
      const delivery = await codes.send(account, method, { key: stepUpKey(caller, purpose), purpose: codePurpose(purpose) });
      // A session verified already keeps its new-password step when another session asks for a code.
      if (update && update.step !== "reset-authenticator")
        await deps.passwordUpdates.advance(account.id, "challenge-authenticator", method);
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone), delivery };
    },

    /**
     * How this session's last code for the purpose went, asked again when its code step is shown: the
     * provider may have reported the text undelivered since.
     */
    async "verification-delivery"(caller, body) {
      const { purpose } = purposeBody.parse(body);
      return { status: "PENDING", delivery: await codes.deliveryOf(stepUpKey(caller, purpose)) };
    },

    /** The code passed: for this session and purpose only (see passed-verifications.ts). */
    async "verify-code"(caller, body) {
      const parsed = stepUpCheckBody.safeParse(body);
      if (!parsed.success) throw fail(400, "purposeInvalid");
      const { purpose, method, code = "" } = parsed.data;
      if (purpose === "password-update") await passwordUpdateAt(deps, caller, CODE_STEPS);
      if (method === "totp") {
        await codes.checkApp(caller.account, codePurpose(purpose), code);
        return passedFor(caller, purpose, "otp");
      }
      if (method === "recovery") {
        // A look-up secret, often kept on paper: it never releases raw genetic data (docs/security.md).
        if (purpose === "download") throw fail(403, "recoveryNotForDownload");
        await codes.checkRecovery(caller.account, code);
        await factorChanged(caller.account, "recovery-code-confirmed", parsed.data.device);
        return passedFor(caller, purpose, "rec");
      }
      const key = stepUpKey(caller, purpose);
      const channel = await deps.verifications.channelOf(key);
      if (!code.trim()) throw fail(400, "codeRequired");
      if (!channel) throw fail(409, "noVerification");
      await codes.checkSent(key, code, { purpose: codePurpose(purpose), channel, accountKey: caller.account.id, trustedDevice: false });
      return passedFor(caller, purpose, channel);
    },

    async "passkey-assert-start"(caller, body) {
      const { account } = caller;
      const { purpose } = purposeBody.parse(body);
      const mine = await deps.passkeys.list(account.id);
      if (mine.length === 0) throw fail(409, "noPasskey");
      if (purpose === "password-update") await passwordUpdateAt(deps, caller, CODE_STEPS);
      const options = await authenticationOptions(deps.relyingParty, mine);
      await deps.passkeys.keepChallenge(`assert:${account.id}:${purpose}`, options.challenge);
      return { status: "PENDING", nextStep: "use-passkey", passkeyOptions: options };
    },

    async "passkey-assert-finish"(caller, body) {
      const { account } = caller;
      const { purpose, credential } = assertFinishBody.parse(body);
      const challenge = await deps.passkeys.takeChallenge(`assert:${account.id}:${purpose}`);
      const passkey = await deps.passkeys.find(credential.id);
      const checked =
        challenge && passkey?.accountId === account.id
          ? await verifiedAuthentication(deps.relyingParty, credential as unknown as AuthenticationResponseJSON, challenge, passkey)
          : null;
      if (!passkey || !checked) throw fail(400, "passkeyInvalid");
      await deps.passkeys.used(passkey.id, checked.newCounter);
      if (purpose === "password-update") await passwordUpdateAt(deps, caller, CODE_STEPS);
      return passedFor(caller, purpose, "hwk");
    },
  };
}
