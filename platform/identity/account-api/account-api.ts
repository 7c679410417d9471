import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import * as z from "zod";
import type { CaptchaVerifier } from "../captcha/verifier.ts";
import { type Channel, isWellFormedCode } from "../domain/codes.ts";
import { CODE_FAILURE_WINDOW_MS } from "../domain/guessing-limits.ts";
import {
  authenticationOptions,
  registrationOptions,
  verifiedAuthentication,
  verifiedRegistration,
  type RelyingParty,
} from "../domain/passkey-ceremonies.ts";
import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { checkNewPassword } from "../domain/password-policy.ts";
import { maskPhone, normalizePhone } from "../domain/phone.ts";
import { newTotpSecret, totpUri } from "../domain/totp.ts";
import { BodyRejectedError, readJson, sendJson } from "../http/io.ts";
import { TOTP_FAILURE_LIMIT } from "../interactions/deps.ts";
import { deviceName, factorNotice, passwordNotice } from "../interactions/factor-notices.ts";
import { bearerToken, signStepUpProof, type StepUpMethod, type VerifiedAccessToken } from "../oidc/access-tokens.ts";
import type { SigningKeys } from "../oidc/signing-keys.ts";
import { programName } from "../pages/i18n.ts";
import type { Account, AccountStore } from "../store/accounts.ts";
import { createCodeGuard } from "../store/code-guard.ts";
import type { FactorEventKind, FactorStore } from "../store/factors.ts";
import type { Outbox } from "../store/outbox.ts";
import type { PasskeyStore } from "../store/passkeys.ts";
import type { PasswordUpdate, PasswordUpdates, PasswordUpdateStep } from "../store/password-updates.ts";
import type { SendingBudget } from "../store/sending-budget.ts";
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
  verificationToken?: string;
  factors?: unknown;
  passkeyOptions?: unknown;
  totp?: { secret: string; uri: string };
  recoveryCodes?: string[];
}

export interface AccountApiDeps {
  accounts: AccountStore;
  factors: FactorStore;
  passkeys: PasskeyStore;
  sendingBudget: SendingBudget;
  relyingParty: RelyingParty;
  outbox: Outbox;
  /** Signs the step-up proofs the results service asks for before a sensitive request. */
  keys: SigningKeys;
  issuer: string;
  resultsApiAudience: string;
  portalUrl: string;
  passwordUpdates: PasswordUpdates;
  verifications: Verifications;
  throttle: Throttle;
  captcha: CaptchaVerifier;
  verifyAccessToken: (token: string) => Promise<VerifiedAccessToken | null>;
  /**
   * The references of the participant's withdrawal requests as the results service lists them, asked
   * with the participant's own access token; null when it does not answer.
   */
  withdrawalReferences: (accountId: string, accessToken: string) => Promise<string[] | null>;
  /** Whether the token's grant still stands (not revoked by sign-out, not ended by a new password). */
  grantIsLive: (grantId: string, accountId: string) => Promise<boolean>;
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
/** Requests that need a fresh code of their own (SPEC-external: the withdrawal's re-verification). */
const STEP_UP_PURPOSES = ["withdrawal", "factors"] as const;
const stepUpKey = (accountId: string, purpose: string) => `step-up:${purpose}:${accountId}`;
const stepUpSendBody = sendBody.extend({ purpose: z.enum(STEP_UP_PURPOSES) });
const stepUpCheckBody = z.object({
  purpose: z.enum(STEP_UP_PURPOSES),
  code: z.string().max(100).optional(),
  /** 'totp': the code is the authenticator app's, not one that was sent. */
  method: z.enum(["sent", "totp"]).default("sent"),
});
/** The participant's browser (the portal passes its User-Agent), listed beside each change as 'Chrome on Linux'. */
const deviceBody = z.object({
  device: z
    .string()
    .max(1000)
    .optional()
    .transform((agent) => deviceName(agent)),
});
const totpConfirmBody = deviceBody.extend({ code: z.string().max(100).default("") });
const passkeyName = z.string().trim().min(1).max(60);
const phoneChangeBody = deviceBody.extend({ phone: z.string().max(40) });
const phoneCodeBody = deviceBody.extend({ code: z.string().max(100).default("") });
const phoneChangeKey = (accountId: string) => `phone-change:${accountId}`;
const passkeyFinishBody = deviceBody.extend({ credential: z.looseObject({ id: z.string().max(2000) }), name: passkeyName });
const passkeyRenameBody = z.object({ id: z.string().min(1).max(2000), name: passkeyName });
const passkeyRemoveBody = deviceBody.extend({ id: z.string().min(1).max(2000) });
/** A passkey instead of a code: for a fresh verification, a withdrawal's proof, or the password update's verification step. */
const ASSERT_PURPOSES = ["factors", "withdrawal", "password-update"] as const;
const assertStartBody = z.object({ purpose: z.enum(ASSERT_PURPOSES) });
const assertFinishBody = assertStartBody.extend({ credential: z.looseObject({ id: z.string().max(2000) }) });
/** A receipt is for one request reference (WD-2026-7K3M9Q): sending it again changes nothing. */
const noticeBody = z.object({
  kind: z.literal("withdrawal-receipt"),
  reference: z.string().regex(/^WD-\d{4}-[A-Z0-9]{6}$/),
  language: z.enum(["en", "es"]).default("en"),
});
const NOTICE_LIMIT = { max: 10, windowMs: 24 * 60 * 60_000 };
const NOTICE_ONCE = { max: 1, windowMs: 365 * 24 * 60 * 60_000 };
const receiptSubject = {
  en: (reference: string) => `We received your withdrawal request ${reference}`,
  es: (reference: string) => `Recibimos su solicitud de retiro ${reference}`,
};

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

  async function authenticate(req: IncomingMessage): Promise<{ account: Account; grantId: string | null; token: string }> {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? await deps.verifyAccessToken(token) : null;
    // A results link opens results only; it never changes the account.
    if (!claims || claims.token_type === "ACCESS") throw new ApiError(401, { status: "FAILURE", ...apiError("unauthorized") });
    const account = await accounts.findById(claims.uid ?? claims.sub);
    if (!account) throw new ApiError(401, { status: "FAILURE", ...apiError("unauthorized") });
    // The token's grant must still stand: a signed-out session's or a replaced password's tokens open nothing here.
    const grantId = typeof claims.gid === "string" ? claims.gid : null;
    if (!grantId || !(await deps.grantIsLive(grantId, account.id))) {
      throw new ApiError(401, { status: "FAILURE", ...apiError("unauthorized") });
    }
    return { account, grantId, token: token! };
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

  async function sendCode(
    account: Account,
    method: Channel,
    flow: { key: string; purpose: "password-update" | "step-up" } = { key: flowKey(account.id), purpose: "password-update" },
  ): Promise<void> {
    const sent = await verifications.send({
      flowKey: flow.key,
      purpose: flow.purpose,
      channel: method,
      to: account.phone!,
      budget: { accountKey: account.id, pool: await deps.sendingBudget.poolOf(account) },
    });
    if (!sent.ok && sent.reason === "budget")
      throw fail(429, "sendingBudget", { retryAfterSeconds: sent.retryAfterSeconds }, { minutes: Math.ceil(sent.retryAfterSeconds / 60) });
    if (!sent.ok) throw fail(429, "resendWait", { retryAfterSeconds: sent.retryAfterSeconds }, { seconds: sent.retryAfterSeconds });
  }

  /** A passed code: the factor changes of the next 5 minutes need no other, and the proof a withdrawal needs. */
  async function verified(account: Account, purpose: (typeof STEP_UP_PURPOSES)[number], method: StepUpMethod): Promise<Answer> {
    await deps.factors.markFreshlyVerified(account.id);
    const proof = await signStepUpProof(deps.keys, {
      issuer: deps.issuer,
      resultsAudience: deps.resultsApiAudience,
      accountId: account.id,
      purpose,
      method,
    });
    return { status: "SUCCESS", nextStep: "verified", verificationToken: proof };
  }

  /** An authenticator-app code, with the same wrong-code budget per purpose as an SMS code; each code works once. */
  async function checkAppCode(account: Account, purpose: string, code: string): Promise<void> {
    if (!(await deps.factors.hasTotp(account.id))) throw fail(409, "totpMissing");
    if (!/^\d{6}$/.test(code)) throw fail(400, "codeInvalid");
    const bucket = `code-fail:${purpose}:totp:any:${account.id}`;
    if (await throttle.isLimited(bucket, TOTP_FAILURE_LIMIT))
      throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: TOTP_FAILURE_LIMIT.windowMs / 1000 });
    if (!(await deps.factors.checkTotp(account.id, code))) {
      await throttle.record(bucket);
      throw fail(400, "codeInvalid");
    }
  }

  async function verifyWithApp(account: Account, purpose: (typeof STEP_UP_PURPOSES)[number], code: string): Promise<Answer> {
    await checkAppCode(account, "step-up", code);
    return verified(account, purpose, "otp");
  }

  async function requireFresh(account: Account): Promise<void> {
    if (!(await deps.factors.freshUntil(account.id))) throw fail(403, "freshVerificationRequired");
  }

  async function factorChanged(account: Account, kind: FactorEventKind, device: string): Promise<void> {
    await deps.factors.record(account.id, kind, device);
    await factorNotice(deps.outbox, account, kind);
  }

  /** The first strong factor (an app or a passkey) brings ten recovery codes, shown this once. */
  async function withFirstRecoveryCodes(account: Account, device: string): Promise<Answer> {
    if ((await deps.factors.recoveryCodesLeft(account.id)) > 0) return { status: "SUCCESS", nextStep: "done" };
    const recoveryCodes = await deps.factors.replaceRecoveryCodes(account.id);
    await factorChanged(account, "recovery-codes-created", device);
    return { status: "SUCCESS", nextStep: "recovery-codes", recoveryCodes };
  }

  const handlers: Record<string, (account: Account, body: unknown, grantId: string | null, accessToken: string) => Promise<Answer>> = {
    /** Login & Security's list: every factor, how many recovery codes are left, the recent changes. */
    async factors(account) {
      const { factors } = deps;
      const freshUntil = await factors.freshUntil(account.id);
      return {
        status: "SUCCESS",
        factors: {
          phone: account.phone ? maskPhone(account.phone) : null,
          phoneMethods: account.phoneMethods,
          totp: await factors.hasTotp(account.id),
          recoveryCodesLeft: await factors.recoveryCodesLeft(account.id),
          lastFactor: await factors.lastFactor(account.id),
          freshUntil: freshUntil?.toISOString() ?? null,
          events: await factors.events(account.id),
          passkeys: (await deps.passkeys.list(account.id)).map(({ id, name, createdAt, lastUsedAt }) => ({
            id,
            name,
            createdAt,
            lastUsedAt,
          })),
        },
      };
    },

    /** A new authenticator app: its secret, to be confirmed by a first code. */
    async "totp-enrol-start"(account) {
      await requireFresh(account);
      if (await deps.factors.hasTotp(account.id)) throw fail(409, "totpExists");
      const secret = newTotpSecret();
      await deps.factors.startTotp(account.id, secret);
      return { status: "PENDING", nextStep: "confirm-totp", totp: { secret, uri: totpUri(secret, account.email, programName("en")) } };
    },

    /** The first code confirms it; the first strong factor also brings ten recovery codes, shown this once. */
    async "totp-enrol-confirm"(account, body) {
      const { code, device } = totpConfirmBody.parse(body);
      await requireFresh(account);
      if (!/^\d{6}$/.test(code.trim()) || !(await deps.factors.confirmTotp(account.id, code.trim()))) throw fail(400, "codeInvalid");
      await factorChanged(account, "totp-added", device);
      return withFirstRecoveryCodes(account, device);
    },

    async "totp-remove"(account, body) {
      const { device } = deviceBody.parse(body);
      await requireFresh(account);
      if (!(await deps.factors.hasTotp(account.id))) throw fail(409, "totpMissing");
      if (!account.phone && (await deps.passkeys.list(account.id)).length === 0) throw fail(409, "lastFactor");
      await deps.factors.removeTotp(account.id);
      await factorChanged(account, "totp-removed", device);
      return { status: "SUCCESS", nextStep: "done" };
    },

    /** A passkey for this account: the options the browser's WebAuthn call needs (its challenge kept 5 minutes). */
    async "passkey-register-start"(account) {
      await requireFresh(account);
      const options = await registrationOptions(deps.relyingParty, account, await deps.passkeys.list(account.id));
      await deps.passkeys.keepChallenge(`register:${account.id}`, options.challenge);
      return { status: "PENDING", nextStep: "create-passkey", passkeyOptions: options };
    },

    async "passkey-register-finish"(account, body) {
      const { credential, name, device } = passkeyFinishBody.parse(body);
      await requireFresh(account);
      const challenge = await deps.passkeys.takeChallenge(`register:${account.id}`);
      const made = challenge
        ? await verifiedRegistration(deps.relyingParty, credential as unknown as RegistrationResponseJSON, challenge)
        : null;
      if (!made) throw fail(400, "passkeyInvalid");
      // A credential id is one authenticator's: one kept already (another account's, or this one's again) is refused.
      if (!(await deps.passkeys.add({ ...made, accountId: account.id, name }))) throw fail(400, "passkeyInvalid");
      await factorChanged(account, "passkey-added", device);
      return withFirstRecoveryCodes(account, device);
    },

    async "passkey-assert-start"(account, body) {
      const { purpose } = assertStartBody.parse(body);
      const mine = await deps.passkeys.list(account.id);
      if (mine.length === 0) throw fail(409, "noPasskey");
      if (purpose === "password-update") await transactionAt(account, ["authenticator-verification-data", "challenge-authenticator"]);
      const options = await authenticationOptions(deps.relyingParty, mine);
      await deps.passkeys.keepChallenge(`assert:${account.id}:${purpose}`, options.challenge);
      return { status: "PENDING", nextStep: "use-passkey", passkeyOptions: options };
    },

    async "passkey-assert-finish"(account, body) {
      const { purpose, credential } = assertFinishBody.parse(body);
      const challenge = await deps.passkeys.takeChallenge(`assert:${account.id}:${purpose}`);
      const passkey = await deps.passkeys.find(credential.id);
      const checked =
        challenge && passkey?.accountId === account.id
          ? await verifiedAuthentication(deps.relyingParty, credential as unknown as AuthenticationResponseJSON, challenge, passkey)
          : null;
      if (!passkey || !checked) throw fail(400, "passkeyInvalid");
      await deps.passkeys.used(passkey.id, checked.newCounter);
      if (purpose !== "password-update") return verified(account, purpose, "hwk");
      await transactionAt(account, ["authenticator-verification-data", "challenge-authenticator"]);
      await passwordUpdates.advance(account.id, "reset-authenticator");
      return { status: "PENDING", nextStep: "reset-authenticator" };
    },

    /** A new phone number: a code is sent to it (the new-number and sending budgets of enrolment apply). */
    async "phone-change-start"(account, body) {
      const { phone: typed } = phoneChangeBody.parse(body);
      await requireFresh(account);
      const phone = normalizePhone(typed);
      if (!phone) throw fail(400, "phoneInvalid");
      const newNumber = await deps.sendingBudget.reserveNewNumber(account.id, phone);
      if (!newNumber.ok)
        throw fail(
          429,
          "sendingBudget",
          { retryAfterSeconds: newNumber.retryAfterSeconds },
          { minutes: Math.ceil(newNumber.retryAfterSeconds / 60) },
        );
      const sent = await verifications.send({
        flowKey: phoneChangeKey(account.id),
        purpose: "enrol",
        channel: "sms",
        to: phone,
        // A number not yet verified: enrolments are paid from the newcomers' pool.
        budget: { accountKey: account.id, pool: "newcomer" },
      });
      if (!sent.ok && sent.reason === "budget")
        throw fail(
          429,
          "sendingBudget",
          { retryAfterSeconds: sent.retryAfterSeconds },
          { minutes: Math.ceil(sent.retryAfterSeconds / 60) },
        );
      if (!sent.ok) throw fail(429, "resendWait", { retryAfterSeconds: sent.retryAfterSeconds }, { seconds: sent.retryAfterSeconds });
      return { status: "PENDING", nextStep: "confirm-phone", phoneNumber: maskPhone(phone) };
    },

    /** The code sent to the new number proves it reaches the participant; then it replaces the old one. */
    async "phone-change-confirm"(account, body) {
      const { code: typed, device } = phoneCodeBody.parse(body);
      await requireFresh(account);
      const key = phoneChangeKey(account.id);
      const phone = await verifications.destinationOf(key);
      if (!phone) throw fail(409, "noVerification");
      const code = typed.trim();
      if (!isWellFormedCode(code, "sms")) throw fail(400, "codeInvalid");
      const result = await codeGuard.check(key, code, { purpose: "enrol", channel: "sms", accountKey: account.id, trustedDevice: false });
      if (result === "over-budget") throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: CODE_FAILURE_WINDOW_MS / 1000 });
      if (result !== "verified")
        throw fail(400, result === "expired" ? "codeExpired" : result === "wrong" ? "codeInvalid" : "codeExhausted");
      await accounts.setPhone(account.id, phone, ["sms", "voice"]);
      await factorChanged(account, "phone-changed", device);
      return { status: "SUCCESS", nextStep: "done", phoneNumber: maskPhone(phone) };
    },

    /** A name is not a factor: renaming needs no fresh code. */
    async "passkey-rename"(account, body) {
      const { id, name } = passkeyRenameBody.parse(body);
      if (!(await deps.passkeys.rename(account.id, id, name))) throw fail(404, "notFound");
      return { status: "SUCCESS", nextStep: "done" };
    },

    async "passkey-remove"(account, body) {
      const { id, device } = passkeyRemoveBody.parse(body);
      await requireFresh(account);
      const others = (await deps.passkeys.list(account.id)).filter((passkey) => passkey.id !== id);
      if (!account.phone && !(await deps.factors.hasTotp(account.id)) && others.length === 0) throw fail(409, "lastFactor");
      if (!(await deps.passkeys.remove(account.id, id))) throw fail(404, "notFound");
      await factorChanged(account, "passkey-removed", device);
      return { status: "SUCCESS", nextStep: "done" };
    },

    /** Ten new codes; the old ones stop working. */
    async "recovery-codes-regenerate"(account, body) {
      const { device } = deviceBody.parse(body);
      await requireFresh(account);
      const recoveryCodes = await deps.factors.replaceRecoveryCodes(account.id);
      await factorChanged(account, "recovery-codes-created", device);
      return { status: "SUCCESS", nextStep: "recovery-codes", recoveryCodes };
    },

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
      await sendCode(account, method);
      await passwordUpdates.advance(account.id, "challenge-authenticator", method);
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone) };
    },

    async "resend-auth-code"(account) {
      const update = await transactionAt(account, ["challenge-authenticator"]);
      if (update.method === "totp") throw fail(400, "methodUnsupported");
      await sendCode(account, update.method ?? "sms");
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone ?? "") };
    },

    async "submit-auth-code"(account, body) {
      const update = await transactionAt(account, ["challenge-authenticator"]);
      const code = (codeBody.parse(body).code ?? "").trim();
      if (!code) throw fail(400, "codeRequired");
      if (update.method === "totp") {
        await checkAppCode(account, "password-update", code);
        await passwordUpdates.advance(account.id, "reset-authenticator");
        return { status: "PENDING", nextStep: "reset-authenticator" };
      }
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
      await passwordNotice(deps.outbox, account, "changed", deps.portalUrl);
      return { status: "SUCCESS", nextStep: "done" };
    },

    /** A code for a sensitive request (a withdrawal), by the participant's own phone and the same budgets as every code. */
    async "send-verification-code"(account, body) {
      const parsed = stepUpSendBody.safeParse(body);
      if (!parsed.success)
        throw fail(400, parsed.error.issues.some((issue) => issue.path[0] === "purpose") ? "purposeInvalid" : "methodInvalid");
      const { authMethod: method, purpose } = parsed.data;
      if (!account.phone || account.phoneMethods.length === 0) throw fail(400, "noPhone");
      if (!account.phoneMethods.includes(method)) throw fail(400, "methodUnsupported");
      await sendCode(account, method, { key: stepUpKey(account.id, purpose), purpose: "step-up" });
      return { status: "PENDING", nextStep: "challenge-authenticator", phoneNumber: maskPhone(account.phone) };
    },

    /** The code passed: a proof the results service accepts once, for five minutes, for this purpose only. */
    async "verify-code"(account, body) {
      const parsed = stepUpCheckBody.safeParse(body);
      if (!parsed.success) throw fail(400, "purposeInvalid");
      const code = (parsed.data.code ?? "").trim();
      if (!code) throw fail(400, "codeRequired");
      if (parsed.data.method === "totp") return verifyWithApp(account, parsed.data.purpose, code);
      const key = stepUpKey(account.id, parsed.data.purpose);
      const channel = await verifications.channelOf(key);
      if (!channel) throw fail(409, "noVerification");
      if (!isWellFormedCode(code, channel)) throw fail(400, "codeInvalid");
      const result = await codeGuard.check(key, code, { purpose: "step-up", channel, accountKey: account.id, trustedDevice: false });
      if (result === "over-budget") throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: CODE_FAILURE_WINDOW_MS / 1000 });
      if (result !== "verified") {
        if (result === "wrong") throw fail(400, "codeInvalid");
        if (result === "expired") throw fail(400, "codeExpired");
        if (result === "missing") throw fail(409, "noVerification");
        throw fail(400, "codeExhausted");
      }
      return verified(account, parsed.data.purpose, channel);
    },

    /** The receipt of a recorded request, to the participant's own address (the development outbox), once per reference. */
    async "send-notice"(account, body, _grantId, accessToken) {
      const { reference, language } = noticeBody.parse(body);
      const once = `notice:${account.id}:${reference}`;
      if (await throttle.isLimited(once, NOTICE_ONCE)) return { status: "SUCCESS", nextStep: "sent" };
      // A receipt only for a request the results service has recorded as this participant's.
      const references = await deps.withdrawalReferences(account.id, accessToken);
      if (references === null) throw fail(503, "tryAgainLater", { retryAfterSeconds: 60 });
      if (!references.includes(reference)) throw fail(404, "notFound");
      const daily = `notices:${account.id}`;
      if (await throttle.isLimited(daily, NOTICE_LIMIT)) throw fail(429, "tooManyNotices", { retryAfterSeconds: 3600 });
      await throttle.record(daily);
      await deps.outbox.deliver({
        channel: "email",
        to: account.email,
        subject: receiptSubject[language](reference),
        link: `${deps.portalUrl.replace(/\/$/, "")}/profile/studies/withdrawal/${reference}`,
        purpose: "notice",
      });
      await throttle.record(once);
      return { status: "SUCCESS", nextStep: "sent" };
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
      const { account, grantId, token } = await authenticate(req);
      const body = await readJson(req);
      sendJson(res, 200, await handler(account, body, grantId, token));
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
