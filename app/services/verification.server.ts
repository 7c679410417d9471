import { redirect } from "react-router";
import type { AuthMethod } from "~/domain/auth-code";
import { otherWaysOf } from "~/domain/code-help";
import { maskPhone } from "~/domain/phone-mask";
import type { SignInFactors } from "~/domain/sign-in-factor-forms";
import {
  type CodeDeliveryProblem,
  codeFieldError,
  deliveryProblemOf,
  OtherWaySchema,
  lockResend,
  resendSecondsLeft,
  type StepAnswer,
  type VerificationFailure,
  type VerificationNotice,
  type VerificationPurpose,
  verificationNotice,
} from "~/domain/verification";
import { callAccountApi, type AccountCall } from "./account.server";
import { env } from "./env.server";
import { endSession, flowState, privatePageHeaders, saveFlowState, type PortalSession } from "./session.server";
import { readFactors } from "./sign-in-factors.server";

/**
 * Codes through the identity provider's step-up API, keyed by purpose; the provider binds a passed code
 * to this session's grant and the purpose, the session keeps the step and resend lock. The password
 * update words its failures as SPEC.md §8 has them (password-update.server.ts), the others here.
 */
type StepUpPurpose = Exclude<VerificationPurpose, "password-update">;
/** Passed, with what `T` adds, or why not in the flow's words. */
type Passed<T> = Promise<({ ok: true } & T) | VerificationFailure>;

/** Each purpose's notice title (profile namespace). */
const noticeTitles: Record<StepUpPurpose, string> = {
  factors: "factors.errors.noticeTitle",
  withdrawal: "withdraw.errors.noticeTitle",
  download: "download.errors.noticeTitle",
};

/** What a failed call means for the page; a refused access token ends the portal session too. */
export async function verificationFailure(
  session: PortalSession,
  purpose: StepUpPurpose,
  call: Extract<AccountCall, { ok: false }>,
  method: AuthMethod = "sms",
): Promise<VerificationFailure> {
  if (call.httpStatus === 401) {
    await endSession(session);
    return { kind: "session-expired" };
  }
  const fieldError = codeFieldError(call.answer.errorCode, method);
  if (fieldError) return { kind: "field", field: "authCode", messageKey: fieldError };
  const status = call.httpStatus >= 500 || call.httpStatus < 400 ? 503 : call.httpStatus;
  return { kind: "notice", notice: verificationNotice(noticeTitles[purpose], call.answer.errorCode, call.answer.errorValues), status };
}

/** The one call that sends a code by text or call for any purpose; asking again is the resend (the provider's lock applies too). */
export function requestCode(session: PortalSession, purpose: VerificationPurpose, method: "sms" | "voice"): Promise<AccountCall> {
  return callAccountApi("send-verification-code", session, { purpose, authMethod: method });
}

/**
 * How the code step's last text or call went, read each time the step is shown (a reload without
 * JavaScript, a revalidation with it): the text provider may have reported it undelivered since.
 */
export async function codeDelivery(
  session: PortalSession,
  purpose: VerificationPurpose,
  method: AuthMethod,
): Promise<CodeDeliveryProblem | null> {
  if (method !== "sms" && method !== "voice") return null;
  const call = await callAccountApi("verification-delivery", session, { purpose });
  return call.ok ? deliveryProblemOf(call.answer.delivery, method) : null;
}

/** What a code step's page shows of its flow (the withdrawal's, the download's), read each time it is shown. */
export async function codeStepView(
  session: PortalSession,
  purpose: VerificationPurpose,
  state: { method: AuthMethod; phoneNumber: string; resendAvailableAt?: number },
  factors: SignInFactors | null,
) {
  return {
    method: state.method,
    phoneNumber: state.phoneNumber,
    resendSecondsLeft: resendSecondsLeft(state, Date.now()),
    otherWays: otherWaysOf(factors, state.method),
    delivery: await codeDelivery(session, purpose, state.method),
  };
}

/**
 * The way an 'other-way' post asks for, when it is one of the participant's own (their phone's
 * channels, their app) and not the one in use; null otherwise (the page then shows as it stands).
 */
export async function otherWayOf(
  session: PortalSession,
  current: AuthMethod,
  asked: FormDataEntryValue | null,
  options: { recovery: boolean },
): Promise<AuthMethod | null> {
  const way = OtherWaySchema.safeParse(asked);
  if (!way.success || way.data === "passkey" || way.data === current) return null;
  const factors = await readFactors(session);
  const own: AuthMethod[] = factors
    ? [
        ...(factors.phone ? factors.phoneMethods : []),
        ...(factors.totp ? (["totp"] as const) : []),
        ...(options.recovery && factors.recoveryCodesLeft > 0 ? (["recovery"] as const) : []),
      ]
    : [];
  return own.includes(way.data) ? way.data : null;
}

/** The one call that checks a code (sent, or the app's) for any purpose, in this session. */
export function checkCode(session: PortalSession, purpose: VerificationPurpose, method: AuthMethod, code: string): Promise<AccountCall> {
  const checked = method === "totp" || method === "recovery" ? method : "sent";
  return callAccountApi("verify-code", session, { purpose, code, method: checked });
}

/** A code by text or call for `purpose`, or why not in the flow's words. */
export async function sendCode(session: PortalSession, purpose: StepUpPurpose, method: "sms" | "voice"): Passed<{ phoneNumber: string }> {
  const call = await requestCode(session, purpose, method);
  if (!call.ok) return verificationFailure(session, purpose, call, method);
  return { ok: true, phoneNumber: maskPhone(call.answer.phoneNumber ?? "") };
}

/**
 * The code step of `flow` by `base.method`, kept in the session: the app's or a recovery code (nothing
 * sent), or a code sent now by text or call, with the resend lock started.
 */
export async function startCodeStep<S extends { method: AuthMethod }>(
  session: PortalSession,
  purpose: StepUpPurpose,
  flow: string,
  base: S,
): Promise<(S & { phoneNumber: string; resendAvailableAt?: number }) | VerificationFailure> {
  let state: S & { phoneNumber: string; resendAvailableAt?: number } = { ...base, phoneNumber: "" };
  if (base.method !== "totp" && base.method !== "recovery") {
    const sent = await sendCode(session, purpose, base.method === "voice" ? "voice" : "sms");
    if (!("ok" in sent)) return sent;
    state = withResendLock({ ...base, phoneNumber: sent.phoneNumber });
  }
  await saveFlowState(session, flow, state);
  return state;
}

/** The code typed (or the app's): passed, with the provider's proof for the results service, or why not. */
export async function verifyCode(
  session: PortalSession,
  purpose: StepUpPurpose,
  method: AuthMethod,
  code: string,
): Passed<{ proof: string | null }> {
  const call = await checkCode(session, purpose, method, code);
  if (!call.ok) return verificationFailure(session, purpose, call, method);
  return { ok: true, proof: call.answer.verificationToken ?? null };
}

/** The portal's resend lock (SPEC.md §4), started when a code goes out. */
export const withResendLock = <T extends object>(state: T) => lockResend(state, Date.now(), env.CODE_RESEND_LOCK_SECONDS * 1000);

/** A step's answer waiting for the page the browser is redirected to (post-redirect-get), with its status. */
export type KeptReply = { reply: StepAnswer; status: number };
type WithKeptReply = { keptReply?: KeptReply };

/**
 * Post-redirect-get for every verification step: the answer waits in the flow's state, and the browser
 * is sent (303) to the step's page, which shows it once; Back and reload never post the form again.
 */
export async function stayOnStep(session: PortalSession, flow: string, path: string, reply: KeptReply["reply"], status: number) {
  const state = flowState<WithKeptReply>(session, flow);
  if (state) await saveFlowState(session, flow, { ...state, keptReply: { reply, status } });
  return redirect(path, { status: 303, headers: privatePageHeaders });
}

/**
 * 'Send the code again' on the withdrawal's and download's code step: the seconds left while the lock
 * runs (429); nothing for the app; else a new code the same way, locked again whether or not it was sent.
 */
export async function resendOnStep(
  session: PortalSession,
  step: { purpose: "withdrawal" | "download"; flow: string; path: string; unavailable: VerificationNotice },
  state: { method: AuthMethod; resendAvailableAt?: number },
): Promise<Response> {
  const { purpose, flow, path } = step;
  if (state.method === "totp") return redirect(path, { status: 303 });
  const stay = (reply: KeptReply["reply"], status: number) => stayOnStep(session, flow, path, { intent: "resend", ...reply }, status);
  const left = resendSecondsLeft(state, Date.now());
  if (left > 0)
    return stay({ notice: { titleKey: noticeTitles[purpose], bodyKey: "code.resendLocked" }, noticeValues: { seconds: left } }, 429);
  const sent = await sendCode(session, purpose, state.method === "voice" ? "voice" : "sms");
  if (!("ok" in sent) && sent.kind === "session-expired") return redirect("/session-expired");
  await saveFlowState(session, flow, withResendLock(state));
  if ("ok" in sent) return stay({ resent: true }, 200);
  return sent.kind === "notice" ? stay({ notice: sent.notice }, sent.status) : stay({ notice: step.unavailable }, 503);
}

/** The answer kept for this page view, if any; it is shown once. */
export async function takeReply(session: PortalSession, flow: string): Promise<KeptReply | null> {
  const state = flowState<WithKeptReply>(session, flow);
  if (!state?.keptReply) return null;
  const { keptReply, ...rest } = state;
  await saveFlowState(session, flow, rest);
  return keptReply;
}
