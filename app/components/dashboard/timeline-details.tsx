import { Modal } from "~/components/modal";
import type { TimelineEntry } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n-react";
import * as styles from "./dashboard.css";

function TimelineSteps({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <p className={styles.timelineText}>{t("timeline.intro")}</p>
      <ol className={styles.timelineList}>
        {entries.map((entry) => (
          <li key={entry.step}>
            <strong>{t(`status.steps.${entry.step}`)}</strong>
            {": "}
            {t(`timeline.entries.${entry.step}`)}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The timeline as a page of its own (`/?timeline`): what a participant without JavaScript gets, with
 * nothing behind it to tab into and a link back to My Results.
 */
export function TimelinePage({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.page} aria-labelledby="timeline-title">
      <h1 id="timeline-title" className={styles.headline}>
        {t("timeline.title")}
      </h1>
      <div className={styles.card}>
        <TimelineSteps entries={entries} />
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
export function TimelineDetails({
  open,
  entries,
  closeHref,
  onClose,
}: {
  open: boolean;
  entries: TimelineEntry[];
  closeHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Modal open={open} title={t("timeline.title")} size="medium" closeHref={closeHref} onClose={onClose}>
      <div className={styles.modalBody}>
        <TimelineSteps entries={entries} />
      </div>
    </Modal>
  );
}
