import { Modal } from "~/components/modal";
import type { DelayReason, TimelineEntry } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { KitDelayNotice } from "./kit-delay-notice";
import { StepDate } from "./step-date";

type TimelineProps = { entries: TimelineEntry[]; delayReason: DelayReason | null };

function TimelineSteps({ entries, delayReason }: TimelineProps) {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <p>{t("timeline.intro")}</p>
      {delayReason ? <KitDelayNotice reason={delayReason} /> : null}
      <ol className={styles.timelineList}>
        {entries.map((entry) => (
          <li key={entry.step}>
            <strong>{t(`status.steps.${entry.step}`)}</strong>
            {": "}
            {t(`timeline.entries.${entry.step}`)}
            <StepDate entry={entry} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** The timeline as a page of its own (`/?timeline`) without JavaScript: nothing behind it to tab into. */
export function TimelinePage({ entries, delayReason }: TimelineProps) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.page} aria-labelledby="timeline-title">
      <h1 id="timeline-title" className={styles.headline}>
        {t("timeline.title")}
      </h1>
      <div className={styles.card}>
        <TimelineSteps entries={entries} delayReason={delayReason} />
      </div>
      <p>
        <a href="/" className={styles.textLink}>
          {t("englishOnly.back")}
        </a>
      </p>
    </section>
  );
}

/** SPEC.md §2 'Timeline details modal' (JavaScript on): one line per step the participant's tracker shows. */
export function TimelineDetails({ open, entries, delayReason, onClose }: TimelineProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("dashboard");
  return (
    <Modal open={open} title={t("timeline.title")} closeHref="/" onClose={onClose}>
      <div className={styles.modalBody}>
        <TimelineSteps entries={entries} delayReason={delayReason} />
      </div>
    </Modal>
  );
}
