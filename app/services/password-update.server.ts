import { randomUUID } from "node:crypto";
import type { AuthMethod } from "~/domain/auth-code";
import {
  recoveryFailure,
  resendFailure,
  sendCodeFailure,
  submitCodeFailure,
  unexpectedStepFailure,
  updatePasswordFailure,
  type AccountApiFailure,
  type PasswordUpdateFailure,
} from "~/domain/password-update-errors";
import { stepForNextStep, type PasswordUpdateState } from "~/domain/password-update-steps";
import { maskPhone } from "~/domain/phone-mask";
import { callAccountApi, type AccountCall } from "./account.server";
import { takeSessionsOf } from "./session-store.server";
import { revokeEndedSessionTokens } from "./session-sweep.server";
import { endSession, flowOf, saveFlowState, type PortalSession } from "./session.server";
import { UNANSWERED_STATUS } from "./upstream.server";
import { checkCode, requestCode, withResendLock } from "./verification.server";

export const PASSWORD_UPDATE_FLOW = "password-update";

export type Moved = { kind: "moved"; state: PasswordUpdateState };
export type Done = { kind: "done" };
type MoveOrFailure = Promise<Moved | PasswordUpdateFailure>;

export const { state: passwordUpdateState, forget: forgetPasswordUpdate } = flowOf<PasswordUpdateState>(PASSWORD_UPDATE_FLOW);

async function failed(
  session: PortalSession,
  call: Extract<AccountCall, { ok: false }>,
  mapping: (failure: AccountApiFailure) => PasswordUpdateFailure,
): Promise<PasswordUpdateFailure> {
  // A refused access token ends the portal session as well (here, in the POST): the participant signs in again.
  const failure = call.httpStatus === 401 ? ({ kind: "session-expired" } as const) : mapping(call.answer);
  if (failure.kind === "session-expired") await endSession(session);
  return failure;
}

async function moveTo(session: PortalSession, state: PasswordUpdateState): Promise<Moved> {
  const { keptReply: _shownOnTheStepLeft, ...moved } = state;
  await saveFlowState(session, PASSWORD_UPDATE_FLOW, moved);
  return { kind: "moved", state: moved };
}

/** Start: recover password, then the answer's nextStep picks the first step. */
export async function startPasswordUpdate(session: PortalSession, captchaToken: string | undefined): MoveOrFailure {
  await forgetPasswordUpdate(session);
  const call = await callAccountApi("recover-password", session, captchaToken ? { captchaToken } : {});
  if (!call.ok) return failed(session, call, recoveryFailure);
  const step = stepForNextStep(call.answer.nextStep);
  if (!step) return unexpectedStepFailure;
  const state: PasswordUpdateState = { step, phoneNumber: maskPhone(call.answer.phoneNumber ?? "") };
  return moveTo(session, step === "mfa-verification-code" ? withResendLock({ ...state, method: "sms" }) : state);
}

/** Pick: a sent code moves to the code step, remembering the method. */
export async function sendVerificationCode(session: PortalSession, state: PasswordUpdateState, method: AuthMethod): MoveOrFailure {
  // The app and a recovery code send nothing: the code step asks for the code.
  if (method === "totp" || method === "recovery") return moveTo(session, { ...state, step: "mfa-verification-code", method });
  const call = await requestCode(session, "password-update", method);
  if (!call.ok) return failed(session, call, sendCodeFailure);
  const step = stepForNextStep(call.answer.nextStep);
  if (step !== "mfa-verification-code") return unexpectedStepFailure;
  return moveTo(session, withResendLock({ ...state, step, method }));
}

/**
 * Another way from the code step, when its text or call did not arrive: a call or a text (sent now),
 * the app's code, or back to the pick step for a passkey.
 */
export async function switchMethod(
  session: PortalSession,
  state: PasswordUpdateState,
  way: "sms" | "voice" | "totp" | "passkey" | "recovery",
): MoveOrFailure {
  if (way === "passkey") return moveTo(session, { step: "mfa-verification-pick", phoneNumber: state.phoneNumber });
  return sendVerificationCode(session, state, way);
}

/** Code: a successful submit whose nextStep is reset-authenticator goes to the new password. */
export async function submitVerificationCode(session: PortalSession, state: PasswordUpdateState, code: string): MoveOrFailure {
  const call = await checkCode(session, "password-update", state.method ?? "sms", code);
  if (!call.ok) return failed(session, call, (failure) => submitCodeFailure(failure, state.method));
  const step = stepForNextStep(call.answer.nextStep);
  if (step !== "new-password") return unexpectedStepFailure;
  return moveTo(session, { step, phoneNumber: state.phoneNumber, method: state.method });
}

/** A passkey instead of the code (the pick step, with JavaScript): the identity provider checks it and moves to the new password. */
export async function verifyWithPasskey(session: PortalSession, state: PasswordUpdateState, credential: unknown): MoveOrFailure {
  const call = await callAccountApi("passkey-assert-finish", session, { purpose: "password-update", credential });
  if (!call.ok) return failed(session, call, sendCodeFailure);
  if (stepForNextStep(call.answer.nextStep) !== "new-password") return unexpectedStepFailure;
  return moveTo(session, { step: "new-password", phoneNumber: state.phoneNumber, method: state.method });
}

/** Resend: locked again (30 seconds) whether or not the identity provider sent it. */
export async function resendVerificationCode(session: PortalSession, state: PasswordUpdateState): MoveOrFailure {
  const method = state.method === "voice" ? "voice" : "sms";
  const call = await requestCode(session, "password-update", method);
  if (!call.ok) {
    const failure = await failed(session, call, resendFailure);
    if (failure.kind !== "session-expired") await saveFlowState(session, PASSWORD_UPDATE_FLOW, withResendLock(state));
    return failure;
  }
  return moveTo(session, withResendLock(state));
}

async function passwordUpdated(session: PortalSession): Promise<Done> {
  await forgetPasswordUpdate(session);
  // The identity provider has ended the other grants; the other portal sessions end now, not at their next renewal.
  await takeSessionsOf(session.userId, session.idHash, "others");
  await revokeEndedSessionTokens().catch(() => undefined);
  return { kind: "done" };
}

/** Whether the identity provider took this attempt's password (asked after a crash or a call with no answer). */
async function attemptSucceeded(session: PortalSession, attemptId: string): Promise<boolean> {
  const call = await callAccountApi("password-update-status", session, { attemptId });
  return call.ok && call.answer.nextStep === "done";
}

/**
 * New password: the attempt is recorded before the call (the provider treats one attempt as one), and a
 * call with no answer is asked about, so a changed password shows 'done' and another can be tried again.
 */
export async function updatePassword(
  session: PortalSession,
  state: PasswordUpdateState,
  password: string,
): Promise<Done | PasswordUpdateFailure> {
  const attemptId = state.passwordAttempt ?? randomUUID();
  await saveFlowState(session, PASSWORD_UPDATE_FLOW, { ...state, passwordAttempt: attemptId });
  const call = await callAccountApi("update-password", session, { password, attemptId });
  if (call.ok) return passwordUpdated(session);
  if (call.httpStatus === UNANSWERED_STATUS && (await attemptSucceeded(session, attemptId))) return passwordUpdated(session);
  return failed(session, call, updatePasswordFailure);
}

/** On showing the page: an attempt recorded by a request that never finished is settled first. */
export async function settleInterruptedAttempt(session: PortalSession, state: PasswordUpdateState): Promise<boolean> {
  if (state.step !== "new-password" || !state.passwordAttempt) return false;
  if (!(await attemptSucceeded(session, state.passwordAttempt))) return false;
  await passwordUpdated(session);
  return true;
}
