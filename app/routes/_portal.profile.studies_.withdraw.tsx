import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from "react-router";
import * as styles from "~/components/profile/profile.css";
import { WithdrawalChoiceStep, WithdrawalCodeStep, type WithdrawalReply } from "~/components/profile/withdrawal-steps";
import { authCodeSchema } from "~/domain/auth-code";
import type { VerificationNotice } from "~/domain/verification";
import { receiptPath, WITHDRAW_PATH, WithdrawalChoiceSchema, WithdrawalIntentSchema } from "~/domain/withdrawal";
import type { TranslationHandle } from "~/i18n";
import { useTranslation } from "~/i18n-react";
import { pageTitle } from "~/page-title";
import { flashNotification } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { detectLanguage } from "~/services/language.server";
import { profileOverview } from "~/services/profile-overview.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { privatePageHeaders, requireParticipant, type PortalSession } from "~/services/session.server";
import { readFactors } from "~/services/sign-in-factors.server";
import {
  confirmWithdrawal,
  forgetWithdrawal,
  listWithdrawals,
  openWithdrawal,
  resendWithdrawalCode,
  sendReceipt,
  sendWithdrawalCode,
  withdrawalState,
  type WithdrawalFailure,
} from "~/services/withdrawal.server";

export const handle: TranslationHandle = { i18n: ["profile"] };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "profile", "withdraw.title");

/** My Studies' participants only (the same rule as the page); while the results service cannot say, 'try again' (503). */
async function requireStudies(session: PortalSession, context: LoaderFunctionArgs["context"]): Promise<void> {
  const { canSeeStudies, resultsUnavailable } = await profileOverview(session, context);
  if (resultsUnavailable) throw data(null, { status: 503, headers: privatePageHeaders });
  if (!canSeeStudies) throw data(null, { status: 404, headers: privatePageHeaders });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireParticipant(request, context);
  await requireStudies(session, context);
  const state = withdrawalState(session);
  const open = openWithdrawal((await listWithdrawals(session)) ?? []);
  if (open) {
    // A confirmation that was recorded but stopped before its receipt (a crash) is finished here.
    if (state?.proof) {
      await sendReceipt(session, open.reference, await detectLanguage(request));
      await forgetWithdrawal(session);
    }
    throw redirect(receiptPath(open.reference), { headers: privatePageHeaders });
  }
  const resent = new URL(request.url).searchParams.has("resent");
  const appAvailable = state ? false : Boolean((await readFactors(session))?.totp);
  return data(
    { code: state ? { choice: state.choice, method: state.method, phoneNumber: state.phoneNumber, resent } : null, appAvailable },
    { headers: privatePageHeaders },
  );
}

const noticeFor = (failure: WithdrawalFailure): VerificationNotice =>
  failure.kind === "account" && failure.errorCode
    ? { titleKey: "withdraw.errors.noticeTitle", bodyKey: `accountErrors.${failure.errorCode}`, values: failure.values }
    : { titleKey: "withdraw.errors.noticeTitle", bodyKey: "withdraw.errors.unavailable" };

const statusOf = (failure: WithdrawalFailure) => (failure.kind === "account" ? failure.status : 503);
const answer = (reply: WithdrawalReply, status: number) => data(reply, { status });
const toPage = (search = "") => redirect(`${WITHDRAW_PATH}${search}`, { status: 303, headers: privatePageHeaders });

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await requireParticipant(request, context);
  const form = await readForm(request);
  await requireStudies(session, context);
  const intent = WithdrawalIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return answer({ notice: noticeFor({ kind: "unavailable" }) }, 400);
  const state = withdrawalState(session);

  if (intent.data === "cancel") {
    await forgetWithdrawal(session);
    const cookie = await flashNotification({ type: "info", titleKey: "profile:withdraw.canceled" });
    return redirect("/profile/studies", { status: 303, headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
  }
  if (intent.data === "send-code") {
    const submission = parseWithZod(form, { schema: WithdrawalChoiceSchema });
    if (submission.status !== "success") return answer({ intent: "send-code", result: submission.reply() }, 400);
    const sent = await sendWithdrawalCode(session, submission.value.choice, submission.value.authMethod);
    if ("kind" in sent) {
      if (sent.kind === "session-expired") return redirect("/session-expired", { headers: privatePageHeaders });
      return answer({ intent: "send-code", result: submission.reply(), notice: noticeFor(sent) }, statusOf(sent));
    }
    return toPage();
  }
  // The code step's intents need a request waiting for its code; without one the page shows step one.
  if (!state) return toPage();
  if (intent.data === "resend") {
    const resent = await resendWithdrawalCode(session, state);
    if (resent !== true) {
      if (resent.kind === "session-expired") return redirect("/session-expired", { headers: privatePageHeaders });
      return answer({ intent: "resend", notice: noticeFor(resent) }, statusOf(resent));
    }
    return toPage("?resent");
  }
  const submission = parseWithZod(form, { schema: authCodeSchema(state.method) });
  if (submission.status !== "success") return answer({ intent: "confirm", result: submission.reply() }, 400);
  const outcome = await confirmWithdrawal(session, state, submission.value.authCode, await detectLanguage(request));
  if ("reference" in outcome) return redirect(receiptPath(outcome.reference), { status: 303, headers: privatePageHeaders });
  if (outcome.kind === "session-expired") return redirect("/session-expired", { headers: privatePageHeaders });
  if (outcome.kind === "already-open") {
    const cookie = await flashNotification({ type: "info", titleKey: "profile:withdraw.receipt.alreadyOpen" });
    return redirect(receiptPath(outcome.withdrawal.reference), { status: 303, headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
  }
  if (outcome.kind === "account" && outcome.errorCode === "codeInvalid")
    return answer({ intent: "confirm", result: submission.reply({ fieldErrors: { authCode: ["code.errors.invalid"] } }) }, 400);
  return answer({ intent: "confirm", result: submission.reply(), notice: noticeFor(outcome) }, statusOf(outcome));
}

export default function WithdrawPage() {
  const { t } = useTranslation("profile");
  const { code, appAvailable } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="withdraw-title" className={styles.card}>
      <h1 id="withdraw-title" className={styles.cardHeading}>
        {t("withdraw.title")}
      </h1>
      {code ? <WithdrawalCodeStep view={code} reply={reply} /> : <WithdrawalChoiceStep reply={reply} appAvailable={appAvailable} />}
    </section>
  );
}
