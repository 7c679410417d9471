import { Form, useLocation } from "react-router";
import { supportedLanguages } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import * as styles from "./language-selector.css";

/** A plain form so the language can be changed with JavaScript off; a full reload swaps the strings. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" reloadDocument className={styles.form} aria-label={t("language.label")}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {supportedLanguages.map((language) => {
        const current = i18n.language === language;
        return (
          <button
            key={language}
            type="submit"
            name="lang"
            value={language}
            aria-pressed={current}
            aria-label={current ? undefined : t("language.change", { language: t(`language.${language}`) })}
            className={current ? styles.current : styles.option}
          >
            {/* WCAG 3.1.2: only the visible name is in its own language; the label is in the page's. */}
            <span lang={language}>{t(`language.${language}`)}</span>
          </button>
        );
      })}
    </Form>
  );
}
