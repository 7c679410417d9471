import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { Modal } from "~/components/modal";
import { CodeStep } from "~/components/profile/code-step";
import { NewPasswordStep } from "~/components/profile/new-password-step";
import { PASSWORD_UPDATE_PATH, SECURITY_PATH, type StepReply, type StepView } from "~/components/profile/password-update-types";
import { PickStep } from "~/components/profile/pick-step";
import * as styles from "~/components/profile/profile.css";
import { useHydrated } from "~/components/use-hydrated";
import { authCodeSchema, AuthMethodSchema, codeDigits, DEFAULT_AUTH_METHOD } from "~/domain/auth-code";
import { NOTIFICATION_VISIBLE_MS } from "~/domain/flash-notification";
import { NewPasswordSchema } from "~/domain/password-rules";
import { passwordStrength } from "~/domain/password-strength";
import { noticeKeys, type PasswordUpdateFailure } from "~/domain/password-update-errors";
import { resendSecondsLeft, type PasswordUpdateStep } from "~/domain/password-update-steps";
import { useTranslation } from "~/i18n-react";
import { env } from "~/services/env.server";
import { flashNotification } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import {
  passwordUpdateState,
  resendVerificationCode,
  sendVerificationCode,
  settleInterruptedAttempt,
  startPasswordUpdate,
  submitVerificationCode,
  updatePassword,
  type PasswordUpdateOutcome,
} from "~/services/password-update.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { privatePageHeaders, requireParticipant } from "~/services/session.server";

/**
 * The password update of SPEC.md §4. The step and the method live in the server-side session; this
 * page shows whatever step the server says, so no step can be reached out of order.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireParticipant(request, context);
  if (!env.FEATURE_LOGIN_SECURITY) throw json(null, { status: 404, headers: privatePageHeaders });
  const state = passwordUpdateState(session);
  if (!state) throw redirect(SECURITY_PATH, { headers: privatePageHeaders });
  if (await settleInterruptedAttempt(session, state)) throw await passwordUpdatedRedirect();
  const method = state.method ?? DEFAULT_AUTH_METHOD;
  const view: StepView = {
    step: state.step,
    phoneNumber: state.phoneNumber,
    method,
    codeDigits: codeDigits(method),
    resendSecondsLeft: resendSecondsLeft(state, Date.now()),
  };
  return json(view, { headers: privatePageHeaders });
}

async function passwordUpdatedRedirect() {
  const cookie = await flashNotification({
    type: "success",
    titleKey: "profile:success",
    bodyKey: "profile:signedOutElsewhere",
    visibleMs: NOTIFICATION_VISIBLE_MS,
  });
  return redirect(SECURITY_PATH, { headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
}

export function headers() {
  return privatePageHeaders;
}

/** Which step each intent belongs to; an intent for another step just shows the current one. */
const stepOfIntent: Record<string, PasswordUpdateStep> = {
  "send-code": "mfa-verification-pick",
  "submit-code": "mfa-verification-code",
  resend: "mfa-verification-code",
  "set-password": "new-password",
};

const unrecognisedRequest = { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.genericError };

const stay = (reply: StepReply, status = 400) => json(reply, { status, headers: privatePageHeaders });

async function leaveWithFailure(failure: PasswordUpdateFailure, intent: string, extra: Partial<StepReply> = {}) {
  if (failure.kind === "session-expired") return redirect("/session-expired", { headers: privatePageHeaders });
  if (failure.kind === "notice") return stay({ intent, notice: failure.notice, ...extra });
  return null;
}

async function afterMove(outcome: PasswordUpdateOutcome, intent: string) {
  if (outcome.kind === "moved") return redirect(PASSWORD_UPDATE_PATH, { headers: privatePageHeaders });
  if (outcome.kind === "done") return null;
  return leaveWithFailure(outcome, intent);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await requireParticipant(request);
  if (!env.FEATURE_LOGIN_SECURITY) throw json(null, { status: 404, headers: privatePageHeaders });
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "start") {
    const captchaToken = formData.get("captchaToken");
    const outcome = await startPasswordUpdate(
      session,
      typeof captchaToken === "string" && captchaToken ? captchaToken.slice(0, 20_000) : undefined,
    );
    if (outcome.kind === "moved") return redirect(PASSWORD_UPDATE_PATH, { headers: privatePageHeaders });
    if (outcome.kind === "session-expired") return redirect("/session-expired", { headers: privatePageHeaders });
    // The flow has not opened: the notice shows on Login & Security (a flash, so it survives the redirect).
    const notice =
      outcome.kind === "notice" ? outcome.notice : { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.genericError };
    const cookie = await flashNotification({
      type: "error",
      titleKey: `profile:${notice.titleKey}`,
      bodyKey: notice.bodyKey ? `profile:${notice.bodyKey}` : undefined,
      bodyText: notice.bodyText?.slice(0, 500),
      visibleMs: 0,
    });
    return redirect(SECURITY_PATH, { headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
  }

  const state = passwordUpdateState(session);
  if (!state) return redirect(SECURITY_PATH, { headers: privatePageHeaders });
  const stepOfThisIntent = stepOfIntent[intent];
  // A replayed or hand-made POST with an intent the flow does not have is the client's mistake.
  if (!stepOfThisIntent) return stay({ intent, notice: unrecognisedRequest });
  if (stepOfThisIntent !== state.step) return redirect(PASSWORD_UPDATE_PATH, { headers: privatePageHeaders });
  const method = state.method ?? DEFAULT_AUTH_METHOD;

  switch (intent) {
    case "send-code": {
      const parsed = AuthMethodSchema.safeParse({ authMethod: formData.get("authMethod") ?? undefined });
      if (!parsed.success) return stay({ intent, notice: unrecognisedRequest });
      return afterMove(await sendVerificationCode(session, state, parsed.data.authMethod), intent);
    }
    case "submit-code": {
      const submission = parseWithZod(formData, { schema: authCodeSchema(method) });
      if (submission.status !== "success") return stay({ intent, result: submission.reply() });
      const outcome = await submitVerificationCode(session, state, submission.value.authCode);
      if (outcome.kind === "field") return stay({ intent, result: submission.reply({ fieldErrors: { authCode: [outcome.messageKey] } }) });
      return afterMove(outcome, intent);
    }
    case "resend": {
      const secondsLeft = resendSecondsLeft(state, Date.now());
      if (secondsLeft > 0)
        return stay(
          {
            intent,
            notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.resendLocked },
            noticeValues: { seconds: secondsLeft },
          },
          429,
        );
      const outcome = await resendVerificationCode(session, state);
      if (outcome.kind === "moved") return stay({ intent, resent: true }, 200);
      return leaveWithFailure(outcome as PasswordUpdateFailure, intent);
    }
    case "set-password": {
      const secrets = ["password", "confirmPassword"];
      const typed = formData.get("password");
      const strength = typeof typed === "string" && typed ? passwordStrength(typed) : null;
      const submission = parseWithZod(formData, { schema: NewPasswordSchema });
      if (submission.status !== "success") return stay({ intent, strength, result: submission.reply({ hideFields: secrets }) });
      const outcome = await updatePassword(session, state, submission.value.password);
      if (outcome.kind === "done") return passwordUpdatedRedirect();
      if (outcome.kind === "field")
        return stay({
          intent,
          strength,
          result: submission.reply({ fieldErrors: { password: [outcome.messageKey] }, hideFields: secrets }),
        });
      return leaveWithFailure(outcome as PasswordUpdateFailure, intent, { strength, result: submission.reply({ hideFields: secrets }) });
    }
  }
  return redirect(PASSWORD_UPDATE_PATH, { headers: privatePageHeaders });
}

function StepContent({ view, reply }: { view: StepView; reply: StepReply | undefined }) {
  switch (view.step) {
    case "mfa-verification-pick":
      return <PickStep view={view} reply={reply} />;
    case "mfa-verification-code":
      return <CodeStep view={view} reply={reply} />;
    case "new-password":
      return <NewPasswordStep reply={reply} />;
  }
}

/** Without JavaScript each step is a full page; with it, the same forms run inside the 'Update Password' modal. */
export default function PasswordUpdate() {
  const { t } = useTranslation("profile");
  const view = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // A reply that belongs to an earlier step (e.g. after moving on) is not shown.
  const stepReply = reply && stepOfIntent[reply.intent] === view.step ? reply : undefined;
  const content = <StepContent key={view.step} view={view} reply={stepReply} />;
  if (hydrated) {
    return (
      <Modal open title={t("update.title")} size="medium" closeHref={SECURITY_PATH} onClose={() => navigate(SECURITY_PATH)}>
        {content}
      </Modal>
    );
  }
  return (
    <section aria-labelledby="update-password-title" className={styles.stepPage}>
      <h1 id="update-password-title" className={styles.heading}>
        {t("update.title")}
      </h1>
      {content}
    </section>
  );
}
