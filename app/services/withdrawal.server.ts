import { randomUUID } from "node:crypto";
import * as z from "zod";
import type { AuthMethod } from "~/domain/auth-code";
import { maskPhone } from "~/domain/phone-mask";
import {
  openWithdrawal,
  WithdrawalListSchema,
  WithdrawalSchema,
  type Withdrawal,
  type WithdrawalChoice,
  type WithdrawalState,
} from "~/domain/withdrawal";
import { callAccountApi, type AccountAnswer } from "./account.server";
import { env } from "./env.server";
import { endSession, flowState, saveFlowState, type PortalSession } from "./session.server";
import { bodyAs, callUpstream } from "./upstream.server";

export const WITHDRAWAL_FLOW = "withdrawal";
const PURPOSE = "withdrawal";

/** What went wrong, for the page to word: the account API's code (translated by the page), or no answer. */
export type WithdrawalFailure =
  | { kind: "session-expired" }
  | { kind: "account"; errorCode?: string; values?: Record<string, number>; status: number }
  | { kind: "unavailable" }
  | { kind: "already-open"; withdrawal: Withdrawal };

const withdrawalsUrl = (userId: string) =>
  new URL(`withdrawals/${encodeURIComponent(userId)}`, `${env.RESULTS_API_URL.replace(/\/$/, "")}/`);

export function withdrawalState(session: PortalSession): WithdrawalState | null {
  return flowState<WithdrawalState>(session, WITHDRAWAL_FLOW);
}

export function forgetWithdrawal(session: PortalSession): Promise<void> {
  return saveFlowState(session, WITHDRAWAL_FLOW, null);
}

export async function listWithdrawals(session: PortalSession): Promise<Withdrawal[] | null> {
  const reply = await callUpstream({
    upstream: "results",
    url: withdrawalsUrl(session.userId),
    headers: { Authorization: `Bearer ${session.accessToken}` },
    timeoutMs: env.RESULTS_TIMEOUT_MS,
    requestId: session.requestId,
  });
  return reply.answered && reply.ok ? (bodyAs(reply, WithdrawalListSchema)?.withdrawals ?? null) : null;
}

async function accountFailure(session: PortalSession, httpStatus: number, answer: AccountAnswer): Promise<WithdrawalFailure> {
  if (httpStatus === 401) {
    await endSession(session);
    return { kind: "session-expired" };
  }
  return { kind: "account", errorCode: answer.errorCode, values: answer.errorValues, status: httpStatus >= 500 ? 503 : httpStatus };
}

/** Step one: a code to the participant's phone; the choice waits in the session for the code. */
export async function sendWithdrawalCode(
  session: PortalSession,
  choice: WithdrawalChoice,
  method: AuthMethod,
): Promise<WithdrawalState | WithdrawalFailure> {
  if (method === "totp") {
    // The authenticator app sends nothing: the next page asks for the code it shows.
    const state: WithdrawalState = { step: "code", choice, method, phoneNumber: "", requestKey: randomUUID() };
    await saveFlowState(session, WITHDRAWAL_FLOW, state);
    return state;
  }
  const call = await callAccountApi("send-verification-code", session, { authMethod: method, purpose: PURPOSE });
  if (!call.ok) return accountFailure(session, call.httpStatus, call.answer);
  const state: WithdrawalState = {
    step: "code",
    choice,
    method,
    phoneNumber: maskPhone(call.answer.phoneNumber ?? ""),
    requestKey: randomUUID(),
  };
  await saveFlowState(session, WITHDRAWAL_FLOW, state);
  return state;
}

export async function resendWithdrawalCode(session: PortalSession, state: WithdrawalState): Promise<true | WithdrawalFailure> {
  const call = await callAccountApi("send-verification-code", session, { authMethod: state.method, purpose: PURPOSE });
  return call.ok ? true : accountFailure(session, call.httpStatus, call.answer);
}

const RecordedSchema = z.object({ withdrawal: WithdrawalSchema });

/** The receipt e-mail (the identity provider sends it once per reference, so asking again is safe). */
export async function sendReceipt(session: PortalSession, reference: string, language: "en" | "es"): Promise<boolean> {
  const call = await callAccountApi("send-notice", session, { kind: "withdrawal-receipt", reference, language });
  return call.ok;
}

/**
 * Step two: the code passes (or already did, before a crash), the request is recorded under the key
 * chosen in step one (a retry gets the same reference), and the receipt is e-mailed.
 */
export async function confirmWithdrawal(
  session: PortalSession,
  state: WithdrawalState,
  code: string,
  language: "en" | "es",
): Promise<Withdrawal | WithdrawalFailure> {
  let proof = state.proof;
  if (!proof) {
    const call = await callAccountApi("verify-code", session, {
      purpose: PURPOSE,
      code,
      method: state.method === "totp" ? "totp" : "sent",
    });
    if (!call.ok) return accountFailure(session, call.httpStatus, call.answer);
    proof = call.answer.verificationToken;
    if (!proof) return { kind: "unavailable" };
    await saveFlowState(session, WITHDRAWAL_FLOW, { ...state, proof });
  }
  const reply = await callUpstream({
    upstream: "results",
    url: withdrawalsUrl(session.userId),
    method: "POST",
    json: { choice: state.choice, requestKey: state.requestKey, verification: proof },
    headers: { Authorization: `Bearer ${session.accessToken}` },
    timeoutMs: env.RESULTS_TIMEOUT_MS,
    requestId: session.requestId,
  });
  const recorded = reply.answered ? bodyAs(reply, RecordedSchema) : null;
  if (reply.answered && reply.status === 409 && recorded) {
    await forgetWithdrawal(session);
    return { kind: "already-open", withdrawal: recorded.withdrawal };
  }
  if (!reply.answered || !reply.ok || !recorded) {
    // A refused proof (too old, used) cannot be tried again: the participant asks for a new code.
    if (reply.answered && reply.status === 403) await forgetWithdrawal(session);
    return { kind: "unavailable" };
  }
  await sendReceipt(session, recorded.withdrawal.reference, language);
  await forgetWithdrawal(session);
  return recorded.withdrawal;
}

export { openWithdrawal };
