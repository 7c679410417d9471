import { useTranslation } from "~/i18n/react";
import * as styles from "./accessibility.css";
import { StatementSection } from "./statement-section";

const TESTED = ["matrix", "axe", "keyboard", "forms", "layout", "pdf"] as const;
const KNOWN = ["screenReaders", "partners", "english"] as const;

/** What the portal aims for (WCAG 2.2 AA), how it is checked, and what is known to fall short. */
export function AccessibilityStatement() {
  const { t } = useTranslation("accessibility");
  return (
    <>
      <h1 className={styles.title}>{t("title")}</h1>
      <p className={styles.paragraph}>{t("intro")}</p>
      <StatementSection headingId="standard" heading={t("standardHeading")}>
        <p className={styles.paragraph}>{t("standard")}</p>
      </StatementSection>
      <StatementSection headingId="how-we-test" heading={t("testedHeading")}>
        <ul className={styles.list}>
          {TESTED.map((key) => (
            <li key={key}>{t(`tested.${key}`)}</li>
          ))}
        </ul>
      </StatementSection>
      <StatementSection headingId="known-gaps" heading={t("knownHeading")}>
        <ul className={styles.list}>
          {KNOWN.map((key) => (
            <li key={key}>{t(`known.${key}`)}</li>
          ))}
        </ul>
      </StatementSection>
    </>
  );
}
