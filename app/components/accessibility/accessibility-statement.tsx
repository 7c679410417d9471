import { useTranslation } from "~/i18n/react";
import * as styles from "./accessibility.css";
import { StatementSection } from "./statement-section";

/** Each listed part of the statement: [heading id, heading key, item key prefix, items]. */
const LISTS = [
  ["how-we-test", "testedHeading", "tested", ["matrix", "axe", "keyboard", "forms", "layout", "pdf"]],
  ["known-gaps", "knownHeading", "known", ["screenReaders", "partners", "english"]],
] as const;

/** What the portal aims for (WCAG 2.2 AA), how it is checked, and what is known to fall short. */
export function AccessibilityStatement() {
  const { t } = useTranslation("accessibility");
  return (
    <>
      <h1 className={styles.title}>{t("title")}</h1>
      <p>{t("intro")}</p>
      <StatementSection headingId="standard" heading={t("standardHeading")}>
        <p>{t("standard")}</p>
      </StatementSection>
      {LISTS.map(([headingId, headingKey, prefix, items]) => (
        <StatementSection key={headingId} headingId={headingId} heading={t(headingKey)}>
          <ul className={styles.list}>
            {items.map((key) => (
              <li key={key}>{t(`${prefix}.${key}`)}</li>
            ))}
          </ul>
        </StatementSection>
      ))}
    </>
  );
}
