import { FormActions } from "~/components/form-actions";
import { CodeStep } from "~/components/verification/code-step";
import { useStepForm, ZodForm } from "~/components/zod-form";
import { PasswordUpdateMethodSchema } from "~/domain/auth-code";
import { fileSize } from "~/domain/data-export";
import { archiveLinkPath, ARCHIVE_LINK_MINUTES, downloadPath, type DownloadTarget, EXOME_LINK_MINUTES } from "~/domain/raw-data-download";
import type { CodeStepView, StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import { AuthMethodRadios } from "./pick-step";
import { LinkLine } from "./profile-card";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** The file a download page is about: which, its name (the exome's card label) and its size when known. */
export type DownloadFileView = { target: DownloadTarget; label: string | null; bytes: number | null };

/** What the page may show of what was released: never the proof, only the link that works once. */
export type ReleasedView = { kind: "exome"; url: string } | { kind: "archive"; ticket: string };

/** Where 'Cancel' and 'Back' lead: the exome's card on My Results, or the list of downloads. */
export const backFrom = (target: DownloadTarget) => (target.kind === "exome" ? "/" : "/profile/overview#your-data");

function WhatAndWhy({ file }: { file: DownloadFileView }) {
  const { t } = useTranslation("profile");
  return (
    <>
      <p>{file.target.kind === "exome" ? t("download.what.exome", { name: file.label ?? "" }) : t("download.what.archive")}</p>
      <p>{t("download.why")}</p>
    </>
  );
}

/** Step one: how the code should come (the app's, when the participant has one; nothing is sent for it). */
export function DownloadPickStep({ file, reply, appAvailable }: { file: DownloadFileView; reply?: StepAnswer; appAvailable: boolean }) {
  const { t } = useTranslation("profile");
  const [form, , busy] = useStepForm(PasswordUpdateMethodSchema, "download-pick", "send-code", reply);
  return (
    <div className={styles.form}>
      {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
      <WhatAndWhy file={file} />
      <ZodForm form={form} action={downloadPath(file.target)} intent="send-code" translate={t}>
        <AuthMethodRadios
          id="download-method"
          legend={t("download.methodLegend")}
          appAvailable={appAvailable}
          defaultValue={appAvailable ? "totp" : undefined}
        />
        <FormActions submitLabel={t("download.sendCode")} busy={busy} cancel={{ to: backFrom(file.target), label: t("download.cancel") }} />
      </ZodForm>
    </div>
  );
}

/** The ways the code step can switch to when its text or call did not arrive (the download takes no passkey). */
const DOWNLOAD_WAYS = ["sms", "voice", "totp"] as const;

/** Step two: the shared code step ('Resend code' and its lock where a code was sent); passed, the file is released. */
export function DownloadCodeStep({ file, view, reply }: { file: DownloadFileView; view: CodeStepView; reply?: StepAnswer }) {
  const { t } = useTranslation("profile");
  return (
    <>
      <WhatAndWhy file={file} />
      <CodeStep
        id="download-code"
        action={downloadPath(file.target)}
        intent="verify"
        switchable={DOWNLOAD_WAYS}
        view={view}
        reply={reply}
        summaryTitle={t("download.errors.summaryTitle")}
        submitLabel={t("download.confirm")}
        cancelLabel={t("download.cancel")}
      />
    </>
  );
}

/** Step three: the link that works once (the exome's from the results service, the archive's through the portal). */
export function DownloadReadyStep({ file, released }: { file: DownloadFileView; released: ReleasedView }) {
  const { t, i18n } = useTranslation("profile");
  const size = file.bytes === null ? null : fileSize(file.bytes, i18n.language);
  const exome = released.kind === "exome";
  const label = exome
    ? size === null
      ? t("download.downloadExomeUnsized")
      : t("download.downloadExome", { size })
    : t("download.downloadArchive", { size: size ?? "" });
  const href = released.kind === "exome" ? released.url : archiveLinkPath((file.target as { exportId: string }).exportId, released.ticket);
  return (
    <div className={styles.form}>
      <h2 className={styles.cardHeading}>{t("download.readyHeading")}</h2>
      <p>
        {/* A plain link: the file is an attachment, so the browser saves it and this page stays. */}
        <a href={href} className={styles.textLink}>
          {label}
        </a>
      </p>
      <p>{t("download.once", { minutes: exome ? EXOME_LINK_MINUTES : ARCHIVE_LINK_MINUTES })}</p>
      <LinkLine to={backFrom(file.target)}>{exome ? t("download.backToResults") : t("download.backToData")}</LinkLine>
    </div>
  );
}
