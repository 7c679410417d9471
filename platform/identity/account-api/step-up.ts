import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import * as z from "zod";
import { authenticationOptions, verifiedAuthentication } from "../domain/passkey-ceremonies.ts";
import { maskPhone } from "../domain/phone.ts";
import { fail } from "./answers.ts";
import type { CodeChecks } from "./code-checks.ts";
import type { AccountApiDeps, Caller, Handlers } from "./deps.ts";
import { type PassedVerifications, STEP_UP_PURPOSES } from "./passed-verifications.ts";
import { passwordUpdateAt } from "./password-update.ts";

/** One live code per session and purpose: a code sent in one session is not entered in another. */
const stepUpKey = ({ account, grantId }: Caller, purpose: string) => `step-up:${purpose}:${account.id}:${grantId}`;
const stepUpSendBody = z.object({
  authMethod: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["sms", "voice"])),
  purpose: z.enum(STEP_UP_PURPOSES),
});
const stepUpCheckBody = z.object({
  purpose: z.enum(STEP_UP_PURPOSES),
  code: z.string().max(100).optional(),
  /** 'totp': the code is the authenticator app's, not one that was sent. */
  method: z.enum(["sent", "totp"]).default("sent"),
});
/** A passkey instead of a code: for a fresh verification, a withdrawal's proof, or the password update's verification step. */
const ASSERT_PURPOSES = ["factors", "withdrawal", "password-update"] as const;
const assertStartBody = z.object({ purpose: z.enum(ASSERT_PURPOSES) });
const assertFinishBody = assertStartBody.extend({ credential: z.looseObject({ id: z.string().max(2000) }) });

/** The step-up API keyed by purpose: send a code, resend it, check it (or the app's, or a passkey). */
export function stepUpHandlers(deps: AccountApiDeps, codes: CodeChecks, passed: PassedVerifications): Handlers {
  const passwordUpdateAtStep = passwordUpdateAt(deps);

  return {
    /** A code by the participant's own phone, for one purpose in this session; asking again is the resend (same lock). */
    async "send-verification-code"(caller, body) {
      const parsed = stepUpSendBody.safeParse(body);
      if (!parsed.success)
        throw fail(400, parsed.error.issues.some((issue) => issue.path[0] === "purpose") ? "purposeInvalid" : "methodInvalid");
      const { authMethod: method, purpose } = parsed.data;
      const { account } = caller;
      if (!account.phone || account.phoneMethods.length === 0) throw fail(400, "noPhone");
      if (!account.phoneMethods.includes(method)) throw fail(400, "methodUnsupported");
      await codes.send(account, method, { key: stepUpKey(caller, purpose), purpose: "step-up" });
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone) };
    },

    /** The code passed: for this session and purpose only (see passed-verifications.ts). */
    async "verify-code"(caller, body) {
      const parsed = stepUpCheckBody.safeParse(body);
      if (!parsed.success) throw fail(400, "purposeInvalid");
      const { purpose, method, code = "" } = parsed.data;
      if (method === "totp") {
        await codes.checkApp(caller.account, "step-up", code);
        return passed.passed(caller, purpose, "otp");
      }
      const key = stepUpKey(caller, purpose);
      const channel = await deps.verifications.channelOf(key);
      if (!code.trim()) throw fail(400, "codeRequired");
      if (!channel) throw fail(409, "noVerification");
      await codes.checkSent(key, code, { purpose: "step-up", channel, accountKey: caller.account.id, trustedDevice: false });
      return passed.passed(caller, purpose, channel);
    },

    async "passkey-assert-start"({ account }, body) {
      const { purpose } = assertStartBody.parse(body);
      const mine = await deps.passkeys.list(account.id);
      if (mine.length === 0) throw fail(409, "noPasskey");
      if (purpose === "password-update")
        await passwordUpdateAtStep(account, ["authenticator-verification-data", "challenge-authenticator"]);
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
      if (purpose !== "password-update") return passed.passed(caller, purpose, "hwk");
      await passwordUpdateAtStep(account, ["authenticator-verification-data", "challenge-authenticator"]);
      await deps.passwordUpdates.advance(account.id, "reset-authenticator");
      return { status: "PENDING", nextStep: "reset-authenticator" };
    },
  };
}
