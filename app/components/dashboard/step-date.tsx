import { calendarDate } from "~/domain/calendar-date";
import type { TimelineEntry } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";

/** The day a step was reached, or 'Expected by …' on the next one: nothing when the day is not known. */
export function StepDate({ entry }: { entry: TimelineEntry }) {
  const { t, i18n } = useTranslation("dashboard");
  if (entry.reachedOn) {
    return (
      <time dateTime={entry.reachedOn} className={styles.stepDate}>
        {calendarDate(entry.reachedOn, i18n.language)}
      </time>
    );
  }
  if (entry.expectedBy) {
    return <span className={styles.stepDate}>{t("status.expectedBy", { date: calendarDate(entry.expectedBy, i18n.language) })}</span>;
  }
  return null;
}
