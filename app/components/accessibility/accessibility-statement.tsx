import { useTranslation } from "~/i18n-react";
import * as styles from "./accessibility.css";

const TESTED = ["matrix", "axe", "keyboard", "forms", "layout"] as const;
const KNOWN = ["screenReaders", "pdf", "partners", "english"] as const;

/** What the portal aims for (WCAG 2.2 AA), how it is checked, and what is known to fall short. */
export function AccessibilityStatement() {
  const { t } = useTranslation("accessibility");
  return (
    <>
      <h1 className={styles.title}>{t("title")}</h1>
      <p className={styles.paragraph}>{t("intro")}</p>
      <section aria-labelledby="standard" className={styles.section}>
        <h2 id="standard" className={styles.heading}>
          {t("standardHeading")}
        </h2>
        <p className={styles.paragraph}>{t("standard")}</p>
      </section>
      <section aria-labelledby="how-we-test" className={styles.section}>
        <h2 id="how-we-test" className={styles.heading}>
          {t("testedHeading")}
        </h2>
        <ul className={styles.list}>
          {TESTED.map((key) => (
            <li key={key}>{t(`tested.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="known-gaps" className={styles.section}>
        <h2 id="known-gaps" className={styles.heading}>
          {t("knownHeading")}
        </h2>
        <ul className={styles.list}>
          {KNOWN.map((key) => (
            <li key={key}>{t(`known.${key}`)}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
