import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useNavigate } from "react-router";
import { Modal } from "~/components/modal";
import { NewPasswordStep } from "~/components/profile/new-password-step";
import { PickStepWithPasskey } from "~/components/profile/pick-step";
import * as styles from "~/components/profile/profile.css";
import { TitledPage } from "~/components/titled-page";
import { useServedAsPage } from "~/components/use-served-as-page";
import { CodeStep } from "~/components/verification/code-step";
import { useStepFocus } from "~/components/verification/use-step-focus";
import { codeDigits, DEFAULT_AUTH_METHOD } from "~/domain/auth-code";
import { otherWaysOf } from "~/domain/code-help";
import { noticeKeys, type PasswordUpdateFailure } from "~/domain/password-update-errors";
import { isStepIntent, passwordUpdateFormSchema, PasswordUpdateIntentSchema, stepOfIntent } from "~/domain/password-update-form";
import { PASSWORD_UPDATE_PATH, SECURITY_PATH, type StepView } from "~/domain/password-update-view";
import { OtherWaySchema, resendSecondsLeft, type StepAnswer, type VerificationNotice } from "~/domain/verification";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { env } from "~/services/env.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import {
  PASSWORD_UPDATE_FLOW,
  passwordUpdateState,
  resendVerificationCode,
  sendVerificationCode,
  settleInterruptedAttempt,
  startPasswordUpdate,
  submitVerificationCode,
  switchMethod,
  updatePassword,
  verifyWithPasskey,
  type Moved,
} from "~/services/password-update.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession, type PortalSession } from "~/services/session.server";
import { credentialOf, readFactors } from "~/services/sign-in-factors.server";
import { codeDelivery, stayOnStep, takeReply } from "~/services/verification.server";
import type { Route } from "./+types/_portal.profile.security.password";

const stepTitleKeys = {
  "mfa-verification-pick": "update.stepTitles.pick",
  "mfa-verification-code": "update.stepTitles.code",
  "new-password": "update.stepTitles.newPassword",
} as const;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, "profile", loaderData ? stepTitleKeys[loaderData.step] : "update.title");

/**
 * The password update of SPEC.md §4. The step and the method live in the server-side session; this
 * page shows whatever step the server says, so no step can be reached out of order.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const state = passwordUpdateState(session);
  if (!state) throw redirect(SECURITY_PATH);
  if (await settleInterruptedAttempt(session, state)) throw await passwordUpdatedRedirect();
  const pending = await takeReply(session, PASSWORD_UPDATE_FLOW);
  const method = state.method ?? DEFAULT_AUTH_METHOD;
  // The pick step also offers the app and passkeys, once set up; the code step, the other ways.
  const factors = state.step === "new-password" ? null : await readFactors(session, context);
  const pick = state.step === "mfa-verification-pick";
  const code = state.step === "mfa-verification-code";
  const view: StepView = {
    step: state.step,
    phoneNumber: state.phoneNumber,
    method,
    codeDigits: codeDigits(method),
    resendSecondsLeft: resendSecondsLeft(state, Date.now()),
    codeSentAt: state.resendAvailableAt ?? 0,
    appAvailable: pick && Boolean(factors?.totp),
    passkeyAvailable: pick && Boolean(factors?.passkeys.length),
    otherWays: code ? otherWaysOf(factors, method) : [],
    delivery: code ? await codeDelivery(session, "password-update", method) : null,
    username: session.email ?? "",
    reply: pending?.reply,
  };
  // The page that shows a refused POST's errors answers with the POST's status (a 4xx), once.
  return data(view, { status: pending?.status ?? 200 });
}

async function passwordUpdatedRedirect() {
  return redirectWithNotice(SECURITY_PATH, { type: "success", titleKey: "profile:success", bodyKey: "profile:signedOutElsewhere" }, 302);
}

const unrecognisedRequest: VerificationNotice = { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.genericError };

/** A request no page of the flow can send (a hand-made or replayed POST) is answered directly. */
const refuse = (reply: StepAnswer) => data(reply, { status: 400 });
const toStep = () => redirect(PASSWORD_UPDATE_PATH, { status: 303 });

/** Post-redirect-get for every answer a step's own form gets (the one verification's). */
const stay = (session: PortalSession, reply: StepAnswer, status = 400) =>
  stayOnStep(session, PASSWORD_UPDATE_FLOW, PASSWORD_UPDATE_PATH, reply, status);

const secrets = ["password", "confirmPassword"];
type StepPost = { intent: string; submission: Pick<Submission<unknown>, "reply"> };

/** A refused step: the expired screen, the notice, or the field's error beside what was typed (a password never typed back). */
function leaveWithFailure(session: PortalSession, failure: PasswordUpdateFailure, step: StepPost, extra: Partial<StepAnswer> = {}) {
  if (failure.kind === "session-expired") return redirect("/session-expired");
  if (failure.kind === "notice") return stay(session, { intent: step.intent, notice: failure.notice, ...extra });
  const result = step.submission.reply({ fieldErrors: { [failure.field]: [failure.messageKey] }, hideFields: secrets });
  return stay(session, { intent: step.intent, result });
}

function afterMove(session: PortalSession, outcome: Moved | PasswordUpdateFailure, step: StepPost) {
  return outcome.kind === "moved" ? toStep() : leaveWithFailure(session, outcome, step);
}

/** Start: the flow opens on its first step, or the notice shows on Login & Security (a flash, so it survives the redirect). */
async function start(session: PortalSession, captchaToken: string | undefined) {
  const outcome = await startPasswordUpdate(session, captchaToken);
  if (outcome.kind === "moved") return toStep();
  if (outcome.kind === "session-expired") return redirect("/session-expired");
  const notice = outcome.kind === "notice" ? outcome.notice : unrecognisedRequest;
  return redirectWithNotice(
    SECURITY_PATH,
    {
      type: "error",
      titleKey: `profile:${notice.titleKey}`,
      bodyKey: notice.bodyKey ? `profile:${notice.bodyKey}` : undefined,
      bodyValues: notice.values,
      bodyText: notice.bodyText?.slice(0, 500),
      visibleMs: 0,
    },
    302,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const formData = await readForm(request);
  const intent = PasswordUpdateIntentSchema.safeParse(formData.get("intent"));
  // A replayed or hand-made POST with an intent the flow does not have is the client's mistake.
  if (!intent.success) return refuse({ intent: String(formData.get("intent") ?? "").slice(0, 40), notice: unrecognisedRequest });

  const state = passwordUpdateState(session);
  if (intent.data !== "start") {
    if (!state) return redirect(SECURITY_PATH);
    if (stepOfIntent[intent.data] !== state.step) return toStep();
  }
  const submission = parseWithZod(formData, { schema: passwordUpdateFormSchema(state?.method ?? DEFAULT_AUTH_METHOD) });
  if (submission.status !== "success") {
    if (intent.data === "verify" || intent.data === "set-password")
      return stay(session, { intent: intent.data, result: submission.reply({ hideFields: secrets }) });
    return refuse({ intent: intent.data, notice: unrecognisedRequest });
  }
  const form = submission.value;
  if (form.intent === "start") return start(session, form.captchaToken);
  if (!state) return redirect(SECURITY_PATH);
  const posted: StepPost = { intent: form.intent, submission };

  switch (form.intent) {
    case "send-code":
      return afterMove(session, await sendVerificationCode(session, state, form.authMethod), posted);
    case "other-way":
      return afterMove(session, await switchMethod(session, state, form.authMethod), posted);
    case "verify-passkey":
      return afterMove(session, await verifyWithPasskey(session, state, credentialOf(form.credential)), posted);
    case "verify":
      return afterMove(session, await submitVerificationCode(session, state, form.authCode), posted);
    case "resend": {
      const secondsLeft = resendSecondsLeft(state, Date.now());
      if (secondsLeft > 0) {
        const notice = { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.resendLocked };
        return stay(session, { intent: form.intent, notice, noticeValues: { seconds: secondsLeft } }, 429);
      }
      const outcome = await resendVerificationCode(session, state);
      if (outcome.kind === "moved") return stay(session, { intent: form.intent, resent: true }, 200);
      return leaveWithFailure(session, outcome, posted);
    }
    case "set-password": {
      const outcome = await updatePassword(session, state, form.password);
      if (outcome.kind === "done") return passwordUpdatedRedirect();
      return leaveWithFailure(session, outcome, posted, { result: submission.reply({ hideFields: secrets }) });
    }
  }
}

function StepContent({ view, reply }: { view: StepView; reply: StepAnswer | undefined }) {
  const { t } = useTranslation("profile");
  switch (view.step) {
    case "mfa-verification-pick":
      return <PickStepWithPasskey view={view} reply={reply} />;
    case "mfa-verification-code":
      // A new code starts a clean form: no error of the code before it stays above 'We sent you a new code'.
      return (
        <CodeStep
          key={view.codeSentAt}
          id="password-update-code"
          action={PASSWORD_UPDATE_PATH}
          intent="verify"
          view={view}
          reply={reply}
          summaryTitle={t("update.summaryTitle")}
          submitLabel={t("code.submit")}
          switchable={OtherWaySchema.options}
        />
      );
    case "new-password":
      return <NewPasswordStep reply={reply} username={view.username} />;
  }
}

/**
 * Without JavaScript each step is a page; with it, inside the 'Update Password' modal. A step the server
 * sent as a page stays one when the script runs, so nothing typed into it is lost and nothing moves.
 */
export default function PasswordUpdate({ loaderData: view, actionData: refused }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  // A step's answer arrives with the page it redirected to; only a refused hand-made POST answers directly.
  const reply = view.reply ?? refused ?? undefined;
  const asPage = useServedAsPage(true);
  const navigate = useNavigate();
  // A reply that belongs to an earlier step (e.g. after moving on) is not shown.
  const stepReply = reply && isStepIntent(reply.intent) && stepOfIntent[reply.intent] === view.step ? reply : undefined;
  const stepArea = useStepFocus(view.step, stepReply);
  const content = (
    <div ref={stepArea}>
      <StepContent key={view.step} view={view} reply={stepReply} />
    </div>
  );
  if (!asPage) {
    return (
      <Modal open title={t("update.title")} size="medium" closeHref={SECURITY_PATH} onClose={() => navigate(SECURITY_PATH)}>
        {content}
      </Modal>
    );
  }
  return (
    <TitledPage headingId="update-password-title" heading={t("update.title")} className={styles.stepPage}>
      {content}
    </TitledPage>
  );
}
