import { Form, Link } from "react-router";
import { Button, buttonLook } from "~/components/button";
import { fileSize } from "~/domain/data-export";
import { DOWNLOAD_PATH } from "~/domain/raw-data-download";
import { REPORT_PAGE_PATH, reportPagePath } from "~/domain/report-content";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";

/** Where the report's form posts (the download error's retry): the report's page. */
export const REPORT_ACTION = REPORT_PAGE_PATH;

/** A data file (the exome's raw genetic data): to the download page, which asks for a fresh code before it releases it. */
export function DataFileForm({ appId, bytes }: { appId: string; bytes: number | null }) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <Form method="get" action={DOWNLOAD_PATH} className={styles.actions}>
      <input type="hidden" name="file" value="exome" />
      <input type="hidden" name="app" value={appId} />
      <Button type="submit" variant="outlined">
        {bytes === null ? t("results.downloadFileUnsized") : t("results.downloadFile", { size: fileSize(bytes, i18n.language) })}
      </Button>
    </Form>
  );
}

/** A result card's way to its report's page (its PDF is beside it there); an earlier version names itself (`linkLabel`, `linkName`). */
export function ReadReportLink(props: { appId: string; label: string; version?: number; linkLabel?: string; linkName?: string }) {
  const { appId, label, version, linkLabel, linkName } = props;
  const { t } = useTranslation("dashboard");
  return (
    <div className={styles.actions}>
      <Link
        to={reportPagePath(appId, version)}
        className={buttonLook.outlined}
        aria-label={linkName ?? t("reportPage.readNamed", { label })}
      >
        {linkLabel ?? t("reportPage.read")}
      </Link>
    </div>
  );
}
