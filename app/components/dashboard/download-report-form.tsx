import { useEffect, useRef, type FormEvent } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/button";
import type { ReportActionData } from "~/domain/dashboard-report";
import { fileSize } from "~/domain/data-export";
import { DOWNLOAD_PATH } from "~/domain/raw-data-download";
import { useTranslation } from "~/i18n-react";
import * as styles from "./dashboard.css";

export const REPORT_ACTION = "/results/report";

/** A data file (the exome's VCF) is saved, not opened: named with its format and size. */
type DataFile = { bytes: number | null };

type Props = {
  appId: string;
  label: string;
  dataFile?: DataFile | null;
  /** A reissued report's version to open (the card's newest, or an earlier one). */
  version?: number;
  /** The button's words and accessible name, for an earlier version. */
  buttonLabel?: string;
  buttonName?: string;
  /** Told when the report opened in its tab (the card then drops 'Updated'). */
  onOpened?: () => void;
};

/**
 * SPEC.md §4 'Result download'. A plain form POST (the server redirects to the report). With
 * JavaScript the report opens in a new tab: the tab is opened at the click, so no popup blocker
 * stops it, and pointed at the report once the server answers (or closed when it cannot be had).
 * A data file (the exome's raw genetic data) goes to the download page instead, which asks for a
 * fresh code before it releases a link that works once.
 */
export function DownloadReportForm({ dataFile = null, ...props }: Props) {
  if (dataFile) return <DataFileForm appId={props.appId} dataFile={dataFile} />;
  return <ReportForm {...props} />;
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

function ReportForm({ appId, label, version, buttonLabel, buttonName, onOpened }: Omit<Props, "dataFile">) {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher<ReportActionData>();
  const tab = useRef<Window | null>(null);
  const waiting = useRef(false);
  const busy = fetcher.state !== "idle";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const opened = window.open("", "_blank");
    // Popup refused: let the form post, and the report opens in this tab instead.
    if (!opened) return;
    event.preventDefault();
    opened.opener = null;
    tab.current = opened;
    waiting.current = true;
    void fetcher.submit(
      { appId, opensIn: "tab", ...(version === undefined ? {} : { version: String(version) }) },
      { method: "post", action: REPORT_ACTION },
    );
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current) return;
    waiting.current = false;
    const opened = tab.current;
    tab.current = null;
    const data = fetcher.data;
    if (data?.outcome === "opened") {
      if (opened) opened.location.href = data.reportUrl;
      onOpened?.();
      return;
    }
    // The notification comes with the layout's revalidation (a flash cookie).
    opened?.close();
  }, [fetcher.state, fetcher.data, onOpened]);

  return (
    <form method="post" action={REPORT_ACTION} onSubmit={handleSubmit} className={styles.actions}>
      <input type="hidden" name="appId" value={appId} />
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}
      <Button type="submit" variant="outlined" loading={busy} aria-label={buttonName ?? t("results.downloadNamed", { label })}>
        {buttonLabel ?? t("results.download")}
      </Button>
    </form>
  );
}
