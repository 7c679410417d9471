import { Icon } from "~/components/icon";
import type { TimelineEntry } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./dashboard.css";
import { StepDate } from "./step-date";

/** SPEC.md §2 'Sample tracker': an ordered list, so a screen reader hears "step n of m", and each step's state. */
export function SampleTracker({ entries, registeredKit }: { entries: TimelineEntry[]; registeredKit?: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <ol className={styles.tracker} aria-label={t("status.trackerLabel")}>
      {entries.map((entry) => (
        <li key={entry.step} className={styles.step} aria-current={entry.state === "current" ? "step" : undefined} data-state={entry.state}>
          <span className={styles.marker[entry.state]} aria-hidden="true">
            {entry.state === "done" ? <Icon name="check" size="small" /> : entry.number}
          </span>
          <span className={styles.stepLabel[entry.state]}>
            {t(`status.steps.${entry.step}`)}
            <span className={visuallyHidden}> ({t(`status.state.${entry.state}`)})</span>
            <StepDate entry={entry} />
            {entry.step === "kitRegistered" && registeredKit ? <span className={styles.stepDate}>{registeredKit}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
