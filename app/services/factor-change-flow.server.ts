import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { SESSION_ENDING_FLOW, sessionEndingRecord } from "~/domain/active-sessions";
import { authCodeSchema, type AuthMethod } from "~/domain/auth-code";
import { FactorChangeSchema, NewPhoneSchema, PasskeyNameSchema } from "~/domain/sign-in-factor-forms";
import { FACTORS_FLOW, FACTORS_PATH, isFresh, type FactorChange, type FactorFlowState, type FactorIntent } from "~/domain/sign-in-factors";
import { codeFieldError, type VerificationFailure, type VerificationIntent, verificationNotice } from "~/domain/verification";
import { redirectWithNotice } from "./flash.server";
import { flowState, privatePageHeaders, saveFlowState, type PortalSession } from "./session.server";
import {
  addFactor,
  changeFactor,
  confirmPhoneChange,
  credentialOf,
  type FactorFailure,
  newRecoveryCodes,
  readFactors,
  startPhoneChange,
  startTotp,
} from "./sign-in-factors.server";
import { type KeptReply, stayOnStep, withResendLock } from "./verification.server";

/**
 * The steps of a sign-in-method change: confirm it's you (factor-verification-steps.server.ts, the one
 * verification flow), then what follows a passed code (the app's secret, the passkey, the new number,
 * the recovery codes). Every answer is post-redirect-get: the reply waits in the flow state for the
 * page it redirects to.
 */
const SECURITY_PATH = "/profile/security";
export const NOTICE_TITLE = "factors.errors.noticeTitle";

export const factorFlowState = (session: PortalSession) => flowState<FactorFlowState>(session, FACTORS_FLOW);
export const save = (session: PortalSession, state: FactorFlowState | null) => saveFlowState(session, FACTORS_FLOW, state);
export const toPage = () => redirect(FACTORS_PATH, { status: 303, headers: privatePageHeaders });

/** The intents of 'confirm it's you' (factor-verification-steps.server.ts). */
export type VerificationStepIntent = Exclude<VerificationIntent, "cancel">;
export type StepHandler = (step: Step) => Promise<Response>;
export type Step = { session: PortalSession; form: FormData; device: string; state: FactorFlowState | null };

export const stay = (session: PortalSession, reply: KeptReply["reply"], status: number) =>
  stayOnStep(session, FACTORS_FLOW, FACTORS_PATH, reply, status);

export const noticeOf = (failure: FactorFailure) => verificationNotice(NOTICE_TITLE, failure.errorCode, failure.values);
export const statusOf = (failure: FactorFailure) => (failure.httpStatus >= 500 || failure.httpStatus < 400 ? 503 : failure.httpStatus);

async function finished(session: PortalSession, change: FactorChange | "rename-passkey" | "phone-requested" | "phone-request-cancelled") {
  await save(session, null);
  // A new phone number: Login & Security offers this session to end the other sessions (OWASP ASVS 5.0 V7.4.3).
  if (change === "change-phone") await saveFlowState(session, SESSION_ENDING_FLOW, sessionEndingRecord("phone", Date.now()));
  return redirectWithNotice(SECURITY_PATH, { type: "success", titleKey: `profile:factors.done.${change}` });
}

/** A change the provider refused (the only factor, one already gone): back to Login & Security, saying why. */
async function backWithFailure(session: PortalSession, failure: FactorFailure) {
  await save(session, null);
  return redirectWithNotice(SECURITY_PATH, {
    type: "error",
    titleKey: `profile:${NOTICE_TITLE}`,
    bodyKey: `profile:accountErrors.${failure.errorCode ?? "badRequest"}`,
  });
}

async function showCodes(session: PortalSession, change: FactorChange, codes: string[]) {
  await save(session, { change, step: "codes", codes });
  return toPage();
}

/** What follows a passed code: the change itself, or its next page. */
export async function afterVerification(
  session: PortalSession,
  change: FactorChange,
  device: string,
  passkeyId?: string,
  oldNumberUnavailable?: boolean,
) {
  if (change === "change-phone") return save(session, { change, step: "phone", oldNumberUnavailable }).then(toPage);
  if (change === "add-passkey") return save(session, { change, step: "passkey" }).then(toPage);
  if (change === "remove-passkey" || change === "remove-totp") {
    const removed = await (change === "remove-passkey"
      ? changeFactor("passkey-remove", session, { id: passkeyId ?? "", device })
      : changeFactor("totp-remove", session, { device }));
    return removed.ok ? finished(session, change) : backWithFailure(session, removed);
  }
  if (change === "add-totp") {
    const started = await startTotp(session);
    if (!started.ok) return backWithFailure(session, started);
    await save(session, { change, step: "enrol", secret: started.secret, uri: started.uri });
    return toPage();
  }
  const codes = await newRecoveryCodes(session, device);
  return codes.ok ? showCodes(session, change, codes.codes) : backWithFailure(session, codes);
}

/** A refused code step: the field's error, a notice, or a sign-in again. */
export async function codeRefused(session: PortalSession, intent: string, failure: VerificationFailure, submission: { reply: ReplyFn }) {
  if (failure.kind === "session-expired") return redirect("/session-expired", { headers: privatePageHeaders });
  if (failure.kind === "field")
    return stay(session, { intent, result: submission.reply({ fieldErrors: { authCode: [failure.messageKey] } }) }, 400);
  return stay(session, { intent, result: submission.reply(), notice: failure.notice }, failure.status);
}
type ReplyFn = (options?: { fieldErrors?: Record<string, string[]> }) => KeptReply["reply"]["result"];

/** A refused code: the field's error (an app's code never 'resend'), else a notice. */
export const factorFailure = (failure: FactorFailure, method: AuthMethod = "sms"): VerificationFailure => {
  const messageKey = codeFieldError(failure.errorCode, method);
  return messageKey
    ? { kind: "field", field: "authCode", messageKey }
    : { kind: "notice", notice: noticeOf(failure), status: statusOf(failure) };
};

/**
 * A new number the text provider refused, on its first code or a resend: the number step, with the
 * reason as the field's error and the number as typed.
 */
export async function newNumberRefused(
  session: PortalSession,
  typedPhone: string,
  refusal: NonNullable<FactorFailure["refusal"]>,
  oldNumberUnavailable: boolean | undefined,
) {
  await save(session, { change: "change-phone", step: "phone", oldNumberUnavailable });
  const typed = new FormData();
  typed.set("phone", typedPhone);
  const result = parseWithZod(typed, { schema: NewPhoneSchema }).reply({ fieldErrors: { phone: [`factors.newPhone.refused.${refusal}`] } });
  return stay(session, { intent: "send-phone-code", result }, 400);
}

/**
 * The steps that start, cancel or rename, and those after a passed code; an intent posted at the wrong
 * step shows the page as it stands.
 */
export const factorChangeSteps: Record<Exclude<FactorIntent, VerificationStepIntent>, StepHandler> = {
  async cancel({ session }) {
    await save(session, null);
    return redirect(SECURITY_PATH, { status: 303, headers: privatePageHeaders });
  },

  /** A change starts with 'confirm it's you', unless a code passed in this session still opens one. */
  async start({ session, form, device }) {
    const change = FactorChangeSchema.safeParse(form.get("change"));
    if (!change.success) return backWithFailure(session, { ok: false, httpStatus: 400, errorCode: "badRequest" });
    const passkeyId = String(form.get("passkeyId") ?? "").slice(0, 2000) || undefined;
    const factors = await readFactors(session);
    if (factors && isFresh(factors, Date.now()) && change.data !== "change-phone")
      return afterVerification(session, change.data, device, passkeyId);
    await save(session, { change: change.data, step: "pick", passkeyId });
    return toPage();
  },

  /** A name is not a factor: renaming needs no code. */
  async "rename-passkey"({ session, form }) {
    const name = PasskeyNameSchema.safeParse(form.get("name") ?? "");
    if (!name.success) return backWithFailure(session, { ok: false, httpStatus: 400, errorCode: "badRequest" });
    const renamed = await changeFactor("passkey-rename", session, {
      id: String(form.get("passkeyId") ?? "").slice(0, 2000),
      name: name.data,
    });
    return renamed.ok ? finished(session, "rename-passkey") : backWithFailure(session, renamed);
  },

  /** The app's first code turns it on. */
  async confirm({ session, form, state, device }) {
    if (state?.step !== "enrol") return toPage();
    const submission = parseWithZod(form, { schema: authCodeSchema("totp") });
    if (submission.status !== "success") return stay(session, { intent: "confirm", result: submission.reply() }, 400);
    const confirmed = await addFactor("totp-enrol-confirm", session, { code: submission.value.authCode, device });
    if (!confirmed.ok) return codeRefused(session, "confirm", factorFailure(confirmed, "totp"), submission);
    return confirmed.codes ? showCodes(session, "add-totp", confirmed.codes) : finished(session, "add-totp");
  },

  async done({ session, state }) {
    return state?.step === "codes" ? finished(session, state.change) : toPage();
  },

  async "send-phone-code"({ session, form, state, device }) {
    if (state?.step !== "phone") return toPage();
    const submission = parseWithZod(form, { schema: NewPhoneSchema });
    if (submission.status !== "success") return stay(session, { intent: "send-phone-code", result: submission.reply() }, 400);
    const started = await startPhoneChange(session, submission.value.phone, device, state.oldNumberUnavailable);
    if (!started.ok) {
      if (started.refusal) return newNumberRefused(session, submission.value.phone, started.refusal, state.oldNumberUnavailable);
      // A number the participant can correct is the field's error, with what they typed kept.
      if (started.errorCode === "phoneInvalid")
        return stay(
          session,
          { intent: "send-phone-code", result: submission.reply({ fieldErrors: { phone: ["accountErrors.phoneInvalid"] } }) },
          400,
        );
      return stay(session, { intent: "send-phone-code", result: submission.reply(), notice: noticeOf(started) }, statusOf(started));
    }
    await save(
      session,
      withResendLock({
        change: "change-phone" as const,
        step: "phone-code" as const,
        newPhone: started.newPhone,
        typedPhone: submission.value.phone,
        oldNumberUnavailable: state.oldNumberUnavailable,
      }),
    );
    return toPage();
  },

  async "confirm-phone"({ session, form, state, device }) {
    if (state?.step !== "phone-code") return toPage();
    const submission = parseWithZod(form, { schema: authCodeSchema("sms") });
    if (submission.status !== "success") return stay(session, { intent: "confirm-phone", result: submission.reply() }, 400);
    const confirmed = await confirmPhoneChange(session, submission.value.authCode, device);
    if (!confirmed.ok) return codeRefused(session, "confirm-phone", factorFailure(confirmed), submission);
    // Without the old number's code the change is only requested: Login & Security shows it, with its date.
    return finished(session, confirmed.effectiveAt ? "phone-requested" : "change-phone");
  },

  /** The current number cannot receive codes: confirm it's you with the app or a passkey, and the change waits. */
  async "old-number-unavailable"({ session, state }) {
    if (state?.step !== "pick" || state.change !== "change-phone") return toPage();
    await save(session, { change: state.change, step: "pick", oldNumberUnavailable: true });
    return toPage();
  },

  /** 'Cancel this change' of a requested phone number, from Login & Security (no code needed; asking again is harmless). */
  async "cancel-phone-change"({ session }) {
    const cancelled = await changeFactor("phone-change-cancel", session);
    return cancelled.ok ? finished(session, "phone-request-cancelled") : backWithFailure(session, cancelled);
  },

  async "register-passkey"({ session, form, state, device }) {
    if (state?.step !== "passkey") return toPage();
    const name = PasskeyNameSchema.safeParse(form.get("name") ?? "");
    const credential = credentialOf(form.get("credential"));
    if (!name.success || !credential)
      return stay(session, { intent: "register-passkey", notice: verificationNotice(NOTICE_TITLE, "passkeyInvalid") }, 400);
    const made = await addFactor("passkey-register-finish", session, { credential, name: name.data, device });
    if (!made.ok) return stay(session, { intent: "register-passkey", notice: noticeOf(made) }, statusOf(made));
    return made.codes ? showCodes(session, "add-passkey", made.codes) : finished(session, "add-passkey");
  },
};
