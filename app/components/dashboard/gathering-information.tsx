import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";

/** SPEC.md §2: 'Gathering your information...' while results load or kitStatus is below 1. */
export function GatheringInformation({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.stateScreen} aria-labelledby="gathering-title">
      <span className={styles.gatheringGlyph} aria-hidden="true" />
      <div role="status">
        <h1 id="gathering-title">{t("gathering")}</h1>
      </div>
      {children}
    </section>
  );
}
