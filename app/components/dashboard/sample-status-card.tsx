import { useState, type MouseEvent } from "react";
import { KitList } from "~/components/kits/kit-list";
import { LinkLine } from "~/components/profile/profile-card";
import { useHydrated } from "~/components/use-hydrated";
import { formatKitBarcode, KIT_REGISTRATION_PATH, type Kit } from "~/domain/kit-registration";
import { timelineEntries, type KitHistory } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { KitDelayNotice } from "./kit-delay-notice";
import { SampleTracker } from "./sample-tracker";
import { TimelineDetails } from "./timeline-details";

/** The address of the timeline as a page of its own (app/routes/_portal._index.tsx renders it). */
export const TIMELINE_PARAM = "timeline";

/** SPEC.md §2's 'DNA Sample Status' card; 'View Timeline Details' is a page of its own, a modal with JavaScript. */
export function SampleStatusCard({
  kitStatus,
  kitHistory,
  isHealthOrResearch,
  kits,
}: {
  kitStatus: number;
  kitHistory: KitHistory;
  isHealthOrResearch: boolean;
  /** The participant's kits, newest first: the tracker's first step names the newest. */
  kits: readonly Kit[];
}) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const entries = timelineEntries(kitStatus, isHealthOrResearch, kitHistory);

  function openDetails(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setOpen(true);
  }

  return (
    <section className={styles.card} aria-labelledby="sample-status-title">
      <div className={styles.cardHeader}>
        <h2 id="sample-status-title" className={styles.cardTitle}>
          {t("status.title")}
        </h2>
        <a href={`/?${TIMELINE_PARAM}`} className={styles.textLink} onClick={openDetails} aria-haspopup={hydrated ? "dialog" : undefined}>
          {t("status.viewTimeline")}
        </a>
      </div>
      <SampleTracker
        entries={entries}
        registeredKit={kits[0] ? t("kits.list.kit", { barcode: formatKitBarcode(kits[0].barcode) }) : undefined}
      />
      {kitHistory.delayReason ? <KitDelayNotice reason={kitHistory.delayReason} /> : null}
      {kits.length ? (
        <>
          <h3 id="your-kits" className={styles.kitsTitle}>
            {t("kits.list.title")}
          </h3>
          <KitList kits={kits} labelledBy="your-kits" />
        </>
      ) : null}
      <LinkLine to={KIT_REGISTRATION_PATH}>{t(kits.length ? "kits.registerAnother" : "kits.registerLink")}</LinkLine>
      <TimelineDetails open={open} entries={entries} delayReason={kitHistory.delayReason} onClose={() => setOpen(false)} />
    </section>
  );
}
