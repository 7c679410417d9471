import { Modal } from "~/components/modal";
import type { TimelineEntry } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n-react";
import * as styles from "./dashboard.css";

/** SPEC.md §2 'Timeline details modal': one line per step the participant's tracker shows. */
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
      </div>
    </Modal>
  );
}
