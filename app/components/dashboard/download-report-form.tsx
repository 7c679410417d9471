import { Form, Link } from "react-router";
import { Button, buttonClassName } from "~/components/button";
import { fileSize } from "~/domain/data-export";
import { DOWNLOAD_PATH } from "~/domain/raw-data-download";
import { REPORT_PAGE_PATH, reportPagePath } from "~/domain/report-content";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";

/** Where the report's form posts (the download error's retry): the report's page. */
export const REPORT_ACTION = REPORT_PAGE_PATH;

/** A data file (the exome's VCF) is saved, not opened: named with its format and size. */
type DataFile = { bytes: number | null };

type Props = {
  appId: string;
  label: string;
  dataFile?: DataFile | null;
  /** A reissued report's version to open (the card's newest, or an earlier one). */
  version?: number;
  /** The link's words and accessible name, for an earlier version. */
  linkLabel?: string;
  linkName?: string;
};

/**
 * A result card's way to its report: a link to the report's page in the portal (its PDF is beside
 * it there), the same with or without JavaScript. A data file (the exome's raw genetic data) goes to
 * the download page instead, which asks for a fresh code before it releases a link that works once.
 */
export function DownloadReportForm({ dataFile = null, ...props }: Props) {
  if (dataFile) return <DataFileForm appId={props.appId} dataFile={dataFile} />;
  return <ReadReportLink {...props} />;
}

/** The exome: to the download page for this file (a GET, so it is a page of its own with or without JavaScript). */
function DataFileForm({ appId, dataFile }: { appId: string; dataFile: DataFile }) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <Form method="get" action={DOWNLOAD_PATH} className={styles.actions}>
      <input type="hidden" name="file" value="exome" />
      <input type="hidden" name="app" value={appId} />
      <Button type="submit" variant="outlined">
        {dataFile.bytes === null
          ? t("results.downloadFileUnsized")
          : t("results.downloadFile", { size: fileSize(dataFile.bytes, i18n.language) })}
      </Button>
    </Form>
  );
}

function ReadReportLink({ appId, label, version, linkLabel, linkName }: Omit<Props, "dataFile">) {
  const { t } = useTranslation("dashboard");
  return (
    <div className={styles.actions}>
      <Link
        to={reportPagePath(appId, version)}
        className={buttonClassName({ variant: "outlined" })}
        aria-label={linkName ?? t("reportPage.readNamed", { label })}
      >
        {linkLabel ?? t("reportPage.read")}
      </Link>
    </div>
  );
}
