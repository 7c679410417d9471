import { SupportEmailLink } from "~/components/support-links";
import { site } from "~/config/site";
import type { EmptyStateMessage } from "~/domain/dashboard-view";
import { Trans, useTranslation } from "~/i18n-react";
import * as styles from "./dashboard.css";

/** SPEC.md §2: 'Gathering your information...' while results load or kitStatus is below 1. */
export function GatheringInformation() {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.stateScreen} aria-labelledby="gathering-title">
      <span className={styles.gatheringGlyph} aria-hidden="true" />
      <div role="status">
        <h1 id="gathering-title" className={styles.stateText}>
          {t("gathering")}
        </h1>
      </div>
    </section>
  );
}

/** SPEC.md §2: the empty state when there are no apps. */
export function NoResultsYet({ message }: { message: EmptyStateMessage }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.stateScreen} aria-labelledby="empty-title">
      <h1 id="empty-title" className={styles.headline}>
        {t("title")}
      </h1>
      <p className={styles.stateText}>
        <Trans
          t={t}
          i18nKey={`empty.${message}`}
          values={{ email: site.support.email }}
          components={{ support: <SupportEmailLink className={styles.textLink} /> }}
        />
      </p>
    </section>
  );
}
