import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ProfileCard } from "~/components/profile/profile-card";
import { WithdrawalChoiceStep, WithdrawalCodeStep } from "~/components/profile/withdrawal-steps";
import { useStepFocus } from "~/components/verification/use-step-focus";
import { authCodeSchema } from "~/domain/auth-code";
import { CodeOnlyIntentSchema, type StepAnswer, type VerificationNotice } from "~/domain/verification";
import { receiptPath, WITHDRAW_PATH } from "~/domain/withdrawal";
import { WithdrawalChoiceSchema } from "~/domain/withdrawal-form";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf } from "~/services/language.server";
import { profileOverview } from "~/services/profile-overview.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession, type PortalSession } from "~/services/session.server";
import { readFactors } from "~/services/sign-in-factors.server";
import { codeStepView, resendOnStep, stayOnStep, takeReply } from "~/services/verification.server";
import {
  confirmWithdrawal,
  forgetWithdrawal,
  listWithdrawals,
  openWithdrawal,
  sendReceipt,
  sendWithdrawalCode,
  switchWithdrawalMethod,
  WITHDRAWAL_FLOW,
  withdrawalState,
  type WithdrawalFailure,
} from "~/services/withdrawal.server";
import type { Route } from "./+types/_portal.profile.studies_.withdraw";

/** The receipt in the page's language, naming the browser the request came from. */
const receiptContext = (request: Request, context: Route.ActionArgs["context"]) => ({
  language: languageOf(context),
  device: request.headers.get("user-agent") ?? "",
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, "profile", `withdraw.stepTitles.${loaderData?.code ? "code" : "choice"}`);

/** My Studies' participants only (the same rule as the page); while the results service cannot say, 'try again' (503). */
async function requireStudies(session: PortalSession, context: Route.LoaderArgs["context"]): Promise<void> {
  const { canSeeStudies, resultsUnavailable } = await profileOverview(session, context);
  if (resultsUnavailable) throw data(null, { status: 503 });
  if (!canSeeStudies) throw data(null, { status: 404 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = participantSession(context);
  await requireStudies(session, context);
  const state = withdrawalState(session);
  const open = openWithdrawal((await listWithdrawals(session)) ?? []);
  if (open) {
    // A confirmation that was recorded but stopped before its receipt (a crash) is finished here.
    if (state?.proof) {
      await sendReceipt(session, open.reference, receiptContext(request, context));
      await forgetWithdrawal(session);
    }
    throw redirect(receiptPath(open.reference));
  }
  const kept = state ? await takeReply(session, WITHDRAWAL_FLOW) : null;
  const factors = await readFactors(session);
  const appAvailable = state ? false : Boolean(factors?.totp);
  const code = state ? { choice: state.choice, ...(await codeStepView(session, "withdrawal", state, factors)) } : null;
  return data({ code, codeSentAt: state?.resendAvailableAt ?? 0, appAvailable, reply: kept?.reply }, { status: kept?.status ?? 200 });
}

const unavailable: VerificationNotice = { titleKey: "withdraw.errors.noticeTitle", bodyKey: "withdraw.errors.unavailable" };
const noticeOf = (failure: WithdrawalFailure) => (failure.kind === "notice" ? failure.notice : unavailable);
const statusOf = (failure: WithdrawalFailure) => (failure.kind === "notice" ? failure.status : 503);
const answer = (reply: StepAnswer, status: number) => data(reply, { status });
const toPage = () => redirect(WITHDRAW_PATH, { status: 303 });
const expired = () => redirect("/session-expired");

const stay = (session: PortalSession, reply: StepAnswer, status: number) =>
  stayOnStep(session, WITHDRAWAL_FLOW, WITHDRAW_PATH, reply, status);

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const form = await readForm(request);
  await requireStudies(session, context);
  const intent = CodeOnlyIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return answer({ notice: unavailable }, 400);
  const state = withdrawalState(session);

  if (intent.data === "cancel") {
    await forgetWithdrawal(session);
    return redirectWithNotice("/profile/studies", { type: "info", titleKey: "profile:withdraw.canceled" });
  }
  if (intent.data === "send-code") {
    const submission = parseWithZod(form, { schema: WithdrawalChoiceSchema });
    if (submission.status !== "success") return answer({ intent: "send-code", result: submission.reply() }, 400);
    const sent = await sendWithdrawalCode(session, submission.value.choice, submission.value.authMethod);
    if (!("kind" in sent)) return toPage();
    if (sent.kind === "session-expired") return expired();
    return answer({ intent: "send-code", result: submission.reply(), notice: noticeOf(sent) }, statusOf(sent));
  }
  // The code step's intents need a request waiting for its code; without one the page shows step one.
  if (!state) return toPage();
  if (intent.data === "resend")
    return resendOnStep(session, { purpose: "withdrawal", flow: WITHDRAWAL_FLOW, path: WITHDRAW_PATH, unavailable }, state);
  if (intent.data === "other-way") {
    const sent = await switchWithdrawalMethod(session, state, form.get("authMethod"));
    if (sent === null || !("kind" in sent)) return toPage();
    if (sent.kind === "session-expired") return expired();
    return stay(session, { intent: "other-way", notice: noticeOf(sent) }, statusOf(sent));
  }
  const submission = parseWithZod(form, { schema: authCodeSchema(state.method) });
  if (submission.status !== "success") return stay(session, { intent: "verify", result: submission.reply() }, 400);
  const outcome = await confirmWithdrawal(session, state, submission.value.authCode, receiptContext(request, context));
  if ("reference" in outcome) return redirect(receiptPath(outcome.reference), { status: 303 });
  if (outcome.kind === "session-expired") return expired();
  if (outcome.kind === "already-open") {
    return redirectWithNotice(receiptPath(outcome.withdrawal.reference), {
      type: "info",
      titleKey: "profile:withdraw.receipt.alreadyOpen",
    });
  }
  if (outcome.kind === "field")
    return stay(session, { intent: "verify", result: submission.reply({ fieldErrors: { authCode: [outcome.messageKey] } }) }, 400);
  if (!withdrawalState(session)) return answer({ intent: "verify", notice: noticeOf(outcome) }, statusOf(outcome));
  return stay(session, { intent: "verify", result: submission.reply(), notice: noticeOf(outcome) }, statusOf(outcome));
}

export default function WithdrawPage({ loaderData, actionData: refused }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { code, codeSentAt, appAvailable, reply: kept } = loaderData;
  const reply = kept ?? refused;
  const stepArea = useStepFocus(code ? "code" : "choice", reply);
  return (
    <ProfileCard headingId="withdraw-title" heading={t("withdraw.title")} level={1}>
      <div ref={stepArea}>
        {code ? (
          <WithdrawalCodeStep key={codeSentAt} view={code} reply={reply} />
        ) : (
          <WithdrawalChoiceStep reply={reply} appAvailable={appAvailable} />
        )}
      </div>
    </ProfileCard>
  );
}
