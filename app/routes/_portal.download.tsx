import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import {
  backFrom,
  DownloadCodeStep,
  DownloadPickStep,
  DownloadReadyStep,
  type DownloadFileView,
  type ReleasedView,
} from "~/components/profile/download-steps";
import { ProfileCard } from "~/components/profile/profile-card";
import { useStepFocus } from "~/components/verification/use-step-focus";
import { authCodeSchema, PasswordUpdateMethodSchema } from "~/domain/auth-code";
import { downloadPath, downloadTargetOf, sameTarget, type DownloadTarget } from "~/domain/raw-data-download";
import { CodeOnlyIntentSchema, type StepAnswer, type VerificationNotice } from "~/domain/verification";
import type { Language } from "~/i18n/languages";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import {
  confirmDownload,
  DOWNLOAD_FLOW,
  downloadableFile,
  downloadState,
  forgetDownload,
  sendDownloadCode,
  type DownloadFailure,
} from "~/services/raw-data-download.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { type PortalSession, visitorSession } from "~/services/session.server";
import { readFactors } from "~/services/sign-in-factors.server";
import { codeStepView, otherWayOf, resendOnStep, stayOnStep, takeReply } from "~/services/verification.server";
import type { Route } from "./+types/_portal.download";

/** Raw genetic data behind a fresh second factor (domain/raw-data-download.ts): each step a page and a plain form post. */
export const middleware: Route.MiddlewareFunction[] = [translations("profile")];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, "profile", `download.stepTitles.${loaderData?.step ?? "pick"}`);

/** The participant's own session (a results link is told to sign in), and the file the page is for. */
async function participantAndTarget(url: URL, context: Route.LoaderArgs["context"]) {
  const session = visitorSession(context);
  if (session.tokenType === "ACCESS") {
    throw await redirectWithNotice("/", { type: "info", titleKey: "profile:download.errors.resultsLink" }, 302);
  }
  const target = downloadTargetOf(url.searchParams);
  if (!target) throw data(null, { status: 400 });
  return { session, target };
}

/** The file, when it is the participant's and can be had now; otherwise back where it was asked for, with a notice. */
async function fileOrLeave(
  request: Request,
  session: PortalSession,
  target: DownloadTarget,
  language: Language,
): Promise<DownloadFileView> {
  const file = await downloadableFile(request, session, target, language);
  if (file) return { target, ...file };
  throw await redirectWithNotice(
    backFrom(target),
    target.kind === "archive"
      ? { type: "warning", titleKey: "profile:dataExport.goneTitle", bodyKey: "profile:dataExport.goneBody" }
      : { type: "error", titleKey: "profile:download.errors.noticeTitle", bodyKey: "profile:download.errors.notAvailable" },
    302,
  );
}

/** This file's flow, if one is under way (another file's is not shown here; a released link that ran out is over). */
async function stateFor(session: PortalSession, target: DownloadTarget) {
  const state = downloadState(session);
  if (!state || !sameTarget(state.target, target)) return null;
  if (state.released && state.released.until <= Date.now()) {
    await forgetDownload(session);
    return null;
  }
  return state;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { session, target } = await participantAndTarget(url, context);
  const file = await fileOrLeave(request, session, target, languageOf(context));
  const state = await stateFor(session, target);
  const kept = state ? await takeReply(session, DOWNLOAD_FLOW) : null;
  const step = state?.step ?? "pick";
  const factors = step === "ready" ? null : await readFactors(session);
  const code = state?.step === "code" ? await codeStepView(session, "download", state, factors) : null;
  // Never the proof: only the link that works once.
  const released: ReleasedView | null =
    state?.released?.kind === "exome"
      ? { kind: "exome", url: state.released.url }
      : state?.released?.kind === "archive"
        ? { kind: "archive", ticket: state.released.ticket }
        : null;
  return data(
    { step, file, code, released, codeSentAt: state?.resendAvailableAt ?? 0, appAvailable: Boolean(factors?.totp), reply: kept?.reply },
    { status: kept?.status ?? 200 },
  );
}

const unavailable: VerificationNotice = { titleKey: "download.errors.noticeTitle", bodyKey: "download.errors.unavailable" };
const noticeOf = (failure: DownloadFailure) => (failure.kind === "notice" ? failure.notice : unavailable);
const statusOf = (failure: DownloadFailure) => (failure.kind === "notice" ? failure.status : 503);
const expired = () => redirect("/session-expired");

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { session, target } = await participantAndTarget(url, context);
  const form = await readForm(request);
  const toPage = () => redirect(downloadPath(target), { status: 303 });
  const stay = (reply: StepAnswer, status: number) => stayOnStep(session, DOWNLOAD_FLOW, downloadPath(target), reply, status);
  const intent = CodeOnlyIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data({ notice: unavailable }, { status: 400 });
  const state = await stateFor(session, target);

  if (intent.data === "cancel") {
    await forgetDownload(session);
    return redirectWithNotice(backFrom(target), { type: "info", titleKey: "profile:download.canceled" });
  }
  if (intent.data === "send-code") {
    await fileOrLeave(request, session, target, languageOf(context));
    const submission = parseWithZod(form, { schema: PasswordUpdateMethodSchema });
    if (submission.status !== "success") return data({ intent: "send-code", result: submission.reply() }, { status: 400 });
    const sent = await sendDownloadCode(session, target, submission.value.authMethod);
    if (!("kind" in sent)) return toPage();
    if (sent.kind === "session-expired") return expired();
    // No flow to keep the answer in: it is this page's own answer.
    return data({ intent: "send-code", result: submission.reply(), notice: noticeOf(sent) }, { status: statusOf(sent) });
  }
  // The code step's intents need a code on its way for this file; without one the page shows step one.
  if (state?.step !== "code") return toPage();
  if (intent.data === "other-way") {
    // A recovery code never releases raw genetic data (the identity provider and the results service refuse it too).
    const method = await otherWayOf(session, state.method, form.get("authMethod"), { recovery: false });
    if (!method) return toPage();
    const sent = await sendDownloadCode(session, target, method);
    if (!("kind" in sent)) return toPage();
    if (sent.kind === "session-expired") return expired();
    return stay({ intent: "other-way", notice: noticeOf(sent) }, statusOf(sent));
  }
  if (intent.data === "resend")
    return resendOnStep(session, { purpose: "download", flow: DOWNLOAD_FLOW, path: downloadPath(target), unavailable }, state);
  const submission = parseWithZod(form, { schema: authCodeSchema(state.method) });
  if (submission.status !== "success") return stay({ intent: "verify", result: submission.reply() }, 400);
  const released = await confirmDownload(request, session, state, submission.value.authCode, languageOf(context));
  if (released.kind === "exome" || released.kind === "archive") return toPage();
  if (released.kind === "session-expired") return expired();
  if (released.kind === "field")
    return stay({ intent: "verify", result: submission.reply({ fieldErrors: { authCode: [released.messageKey] } }) }, 400);
  // A failure after the code passed ends the flow (its proof is spent): step one again, with the notice.
  if (!downloadState(session)) return data({ intent: "send-code", notice: noticeOf(released) }, { status: statusOf(released) });
  return stay({ intent: "verify", result: submission.reply(), notice: noticeOf(released) }, statusOf(released));
}

export default function DownloadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { step, file, code, released, codeSentAt, appAvailable, reply: kept } = loaderData;
  const reply = (kept ?? actionData) as StepAnswer | undefined;
  const stepArea = useStepFocus(step, reply);
  return (
    <ProfileCard headingId="download-title" heading={t("download.title")} level={1}>
      <div ref={stepArea}>
        {step === "ready" && released ? (
          <DownloadReadyStep file={file} released={released} />
        ) : code ? (
          <DownloadCodeStep key={codeSentAt} file={file} view={code} reply={reply} />
        ) : (
          <DownloadPickStep file={file} reply={reply} appAvailable={appAvailable} />
        )}
      </div>
    </ProfileCard>
  );
}
