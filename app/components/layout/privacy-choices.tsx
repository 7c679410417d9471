import { Form, Link, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { Checkbox } from "~/components/checkbox";
import { Modal } from "~/components/modal";
import { site } from "~/config/site";
import { useTranslation } from "~/i18n-react";
import * as styles from "./privacy-choices.css";

export const privacyPanelParam = "privacy";
const tabs = ["consents", "rights"] as const;
type Tab = (typeof tabs)[number];

function hrefWith(search: string, pathname: string, tab: Tab | null) {
  const params = new URLSearchParams(search);
  if (tab) params.set(privacyPanelParam, tab);
  else params.delete(privacyPanelParam);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * The consent-management panel. Its state is the URL (?privacy=consents|rights), so it opens,
 * switches tabs and closes with JavaScript off; with JavaScript the same links navigate client-side.
 */
export function PrivacyChoicesPanel() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const root = useRouteLoaderData<{ analyticsConsent?: boolean }>("root");
  const requested = new URLSearchParams(location.search).get(privacyPanelParam);
  const tab = tabs.find((candidate) => candidate === requested);
  if (!tab) return null;
  const closeHref = hrefWith(location.search, location.pathname, null);
  const returnTo = hrefWith(location.search, location.pathname, "consents");

  return (
    <Modal
      open
      size="medium"
      title={t("privacyChoices.title")}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { preventScrollReset: true, replace: true })}
    >
      <nav aria-label={t("privacyChoices.tabs")} className={styles.tabs}>
        {tabs.map((candidate) => (
          <Link
            key={candidate}
            to={hrefWith(location.search, location.pathname, candidate)}
            preventScrollReset
            replace
            aria-current={candidate === tab ? "page" : undefined}
            className={candidate === tab ? styles.activeTab : styles.tab}
          >
            {t(`privacyChoices.${candidate}Tab`)}
          </Link>
        ))}
      </nav>
      {tab === "consents" ? (
        <Form method="post" action="/privacy-choices" reloadDocument className={styles.panel}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <p>{t("privacyChoices.consentsIntro")}</p>
          <Checkbox
            id="privacy-necessary"
            defaultChecked
            disabled
            label={t("privacyChoices.necessary")}
            hint={t("privacyChoices.necessaryHint")}
          />
          <Checkbox
            id="privacy-analytics"
            name="analytics"
            value="on"
            defaultChecked={root?.analyticsConsent ?? false}
            label={t("privacyChoices.analytics")}
            hint={t("privacyChoices.analyticsHint")}
          />
          <button type="submit" className={styles.saveButton}>
            {t("privacyChoices.save")}
          </button>
        </Form>
      ) : (
        <div className={styles.panel}>
          <p>{t("privacyChoices.rightsIntro")}</p>
          <a href={site.legal.privacyWebFormUrl} target="_blank" rel="noopener noreferrer">
            {t("privacyChoices.rightsAction")} <span className={styles.hint}>{t("footer.opensInNewTab")}</span>
          </a>
        </div>
      )}
    </Modal>
  );
}
