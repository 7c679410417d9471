import { randomUUID } from "node:crypto";
import * as z from "zod";
import type { AuthMethod } from "~/domain/auth-code";
import type { VerificationFailure } from "~/domain/verification";
import { openWithdrawal, type WithdrawalChoice, type WithdrawalState } from "~/domain/withdrawal";
import { type Withdrawal, WithdrawalListSchema, WithdrawalSchema } from "~/domain/withdrawal-reply";
import { callAccountApi } from "./account.server";
import { postAsParticipant, readAsParticipant, resultsUrl } from "./results-api.server";
import { flowOf, saveFlowState, type PortalSession } from "./session.server";
import { bodyAs } from "./upstream.server";
import { otherWayOf, startCodeStep, verifyCode } from "./verification.server";

export const WITHDRAWAL_FLOW = "withdrawal";
const PURPOSE = "withdrawal";

/** What went wrong: the verification's failure (the code field, a notice, a sign-in again), no answer, or a request already open. */
export type WithdrawalFailure = VerificationFailure | { kind: "unavailable" } | { kind: "already-open"; withdrawal: Withdrawal };

export const { state: withdrawalState, forget: forgetWithdrawal } = flowOf<WithdrawalState>(WITHDRAWAL_FLOW);

export async function listWithdrawals(session: PortalSession): Promise<Withdrawal[] | null> {
  return (await readAsParticipant(session, resultsUrl("withdrawals", session.userId), WithdrawalListSchema))?.withdrawals ?? null;
}

/** Step one: a code to the participant's phone (or the app's, nothing sent); the choice waits in the session for the code. */
export async function sendWithdrawalCode(
  session: PortalSession,
  choice: WithdrawalChoice,
  method: AuthMethod,
): Promise<WithdrawalState | WithdrawalFailure> {
  return startCodeStep(session, PURPOSE, WITHDRAWAL_FLOW, { step: "code" as const, choice, method, requestKey: randomUUID() });
}

/**
 * Another way from the code step, when its text or call did not arrive: a call or a text (sent now) or
 * the app's code, for the same choice. Null: not a way this participant has (the page shows as it stands).
 */
export async function switchWithdrawalMethod(
  session: PortalSession,
  state: WithdrawalState,
  way: FormDataEntryValue | null,
): Promise<WithdrawalState | WithdrawalFailure | null> {
  const method = await otherWayOf(session, state.method, way, { recovery: true });
  return method ? sendWithdrawalCode(session, state.choice, method) : null;
}

const RecordedSchema = z.object({ withdrawal: WithdrawalSchema });

/** The receipt's language, and the browser the request was made from (its User-Agent), which the receipt names. */
export type ReceiptContext = { language: "en" | "es"; device: string };

/** The receipt e-mail (the identity provider sends it once per reference, so asking again is safe). */
export async function sendReceipt(session: PortalSession, reference: string, receipt: ReceiptContext): Promise<boolean> {
  return (await callAccountApi("send-notice", session, { kind: "withdrawal-receipt", reference, ...receipt })).ok;
}

/**
 * Step two: the code passes (or already did, before a crash), the request is recorded under the key
 * chosen in step one (a retry gets the same reference), and the receipt is e-mailed.
 */
export async function confirmWithdrawal(
  session: PortalSession,
  state: WithdrawalState,
  code: string,
  receipt: ReceiptContext,
): Promise<Withdrawal | WithdrawalFailure> {
  let proof = state.proof;
  if (!proof) {
    const passed = await verifyCode(session, PURPOSE, state.method, code);
    if (!("ok" in passed)) return passed;
    proof = passed.proof ?? undefined;
    if (!proof) return { kind: "unavailable" };
    await saveFlowState(session, WITHDRAWAL_FLOW, { ...state, proof });
  }
  const reply = await postAsParticipant(session, resultsUrl("withdrawals", session.userId), {
    choice: state.choice,
    requestKey: state.requestKey,
    verification: proof,
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
  await sendReceipt(session, recorded.withdrawal.reference, receipt);
  await forgetWithdrawal(session);
  return recorded.withdrawal;
}

export { openWithdrawal };
