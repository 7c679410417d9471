import { parseWithZod } from "@conform-to/zod/v4";
import { authCodeSchema } from "~/domain/auth-code";
import { VerifyPickSchema } from "~/domain/sign-in-factor-forms";
import {
  FACTORS_FLOW,
  type FactorFlowState,
  passkeyOpens,
  recoveryOpens,
  type VerifyMethod,
  verifyMethodsOf,
} from "~/domain/sign-in-factors";
import { OTHER_WAY_INTENT, OtherWaySchema, resendSecondsLeft } from "~/domain/verification";
import {
  afterVerification,
  codeRefused,
  factorFailure,
  newNumberRefused,
  NOTICE_TITLE,
  noticeOf,
  save,
  statusOf,
  stay,
  type StepHandler,
  toPage,
  type VerificationStepIntent,
} from "./factor-change-flow.server";
import type { PortalSession } from "./session.server";
import { changeFactor, credentialOf, readFactors, startPhoneChange } from "./sign-in-factors.server";
import { sendCode, startCodeStep, verifyCode, withResendLock } from "./verification.server";

type Confirming = Extract<FactorFlowState, { step: "pick" | "code" }>;
const changeOf = ({ change, passkeyId, oldNumberUnavailable }: Confirming) => ({ change, passkeyId, oldNumberUnavailable });

/** The code step by `method`: the app's (nothing sent), or a code sent now by text or call. */
async function codeBy(session: PortalSession, state: Confirming, method: VerifyMethod, intent: string, submission: Refusable) {
  const started = await startCodeStep(session, "factors", FACTORS_FLOW, { ...changeOf(state), step: "code" as const, method });
  return "kind" in started ? codeRefused(session, intent, started, submission) : toPage();
}
type Refusable = Parameters<typeof codeRefused>[3];

/** Confirm it's you before a sign-in-method change: the method, the code (sent again on request), or a passkey. */
export const factorVerificationSteps: Record<VerificationStepIntent, StepHandler> = {
  async "send-code"({ session, form, state }) {
    if (state?.step !== "pick") return toPage();
    const submission = parseWithZod(form, { schema: VerifyPickSchema });
    if (submission.status !== "success") return stay(session, { intent: "send-code", result: submission.reply() }, 400);
    return codeBy(session, state, submission.value.method, "send-code", submission);
  },
  /** From the code step whose text or call did not arrive: another of the participant's ways (a passkey from the pick step). */
  async "other-way"({ session, form, state }) {
    if (state?.step !== "code") return toPage();
    const way = OtherWaySchema.safeParse(form.get("authMethod"));
    if (!way.success || way.data === state.method) return toPage();
    const factors = await readFactors(session);
    if (!factors) return toPage();
    if (way.data === "passkey") {
      if (!passkeyOpens(factors, state.change, state.oldNumberUnavailable)) return toPage();
      return save(session, { ...changeOf(state), step: "pick" }).then(toPage);
    }
    const opens =
      way.data === "recovery"
        ? recoveryOpens(factors, state.change, state.oldNumberUnavailable)
        : verifyMethodsOf(factors, state.change, state.oldNumberUnavailable).includes(way.data);
    if (!opens) return toPage();
    return codeBy(session, state, way.data, OTHER_WAY_INTENT, { reply: () => undefined });
  },
  async resend({ session, state }) {
    if (state?.step !== "code" && state?.step !== "phone-code") return toPage();
    const left = resendSecondsLeft(state, Date.now());
    if (left > 0) {
      const notice = { titleKey: NOTICE_TITLE, bodyKey: "code.resendLocked" };
      return stay(session, { intent: "resend", notice, noticeValues: { seconds: left } }, 429);
    }
    if (state.step === "code" && (state.method === "totp" || state.method === "recovery")) return toPage();
    let sent;
    if (state.step === "code") sent = await sendCode(session, "factors", state.method === "voice" ? "voice" : "sms");
    else {
      const started = await startPhoneChange(session, state.typedPhone, "", state.oldNumberUnavailable);
      // A refused new number goes back to its own step, as on the first code (the number is what to fix).
      if (!started.ok && started.refusal) return newNumberRefused(session, state.typedPhone, started.refusal, state.oldNumberUnavailable);
      sent = started.ok ? started : factorFailure(started);
    }
    // Locked again whether or not the provider sent it.
    await save(session, withResendLock(state));
    if (!("ok" in sent)) return codeRefused(session, "resend", sent, { reply: () => undefined });
    return stay(session, { intent: "resend", resent: true }, 200);
  },
  async verify({ session, form, state, device }) {
    if (state?.step !== "code") return toPage();
    const submission = parseWithZod(form, { schema: authCodeSchema(state.method) });
    if (submission.status !== "success") return stay(session, { intent: "verify", result: submission.reply() }, 400);
    const passed = await verifyCode(session, "factors", state.method, submission.value.authCode);
    if (!("ok" in passed)) return codeRefused(session, "verify", passed, submission);
    return afterVerification(session, state.change, device, state.passkeyId, state.oldNumberUnavailable);
  },
  async "verify-passkey"({ session, form, state, device }) {
    if (state?.step !== "pick") return toPage();
    const used = await changeFactor("passkey-assert-finish", session, {
      purpose: "factors",
      credential: credentialOf(form.get("credential")),
    });
    if (!used.ok) return stay(session, { intent: "verify-passkey", notice: noticeOf(used) }, statusOf(used));
    return afterVerification(session, state.change, device, state.passkeyId, state.oldNumberUnavailable);
  },
};
