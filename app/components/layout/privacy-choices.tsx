import { Form, Link, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { Checkbox } from "~/components/checkbox";
import { Modal } from "~/components/modal";
import { useServedAsPage } from "~/components/use-served-as-page";
import { site } from "~/config/site";
import { useTranslation } from "~/i18n/react";
import * as styles from "./privacy-choices.css";

export const privacyPanelParam = "privacy";
/** On the address the save comes back to: the panel says the choices were saved. */
export const privacySavedParam = "privacySaved";
const tabs = ["consents", "rights"] as const;
export type PrivacyTab = (typeof tabs)[number];

/** Which tab the address asks for (?privacy=consents|rights), and the addresses around it. */
function usePrivacyPanelState() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const requested = params.get(privacyPanelParam);
  const hrefWith = (tab: PrivacyTab | null) => {
    const next = new URLSearchParams(location.search);
    next.delete(privacySavedParam);
    if (tab) next.set(privacyPanelParam, tab);
    else next.delete(privacyPanelParam);
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return {
    tab: tabs.find((candidate) => candidate === requested) ?? null,
    saved: params.has(privacySavedParam),
    closeHref: hrefWith(null),
    tabHref: hrefWith,
  };
}

function PrivacyChoicesContent({ tab }: { tab: PrivacyTab }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ analyticsConsent?: boolean }>("root");
  const { tabHref, saved } = usePrivacyPanelState();
  return (
    <>
      <nav aria-label={t("privacyChoices.tabs")} className={styles.tabs}>
        {tabs.map((candidate) => (
          <Link
            key={candidate}
            to={tabHref(candidate)}
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
        <Form method="post" action="/privacy-choices" className={styles.panel}>
          <input type="hidden" name="returnTo" value={tabHref("consents")} />
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
          <div className={styles.saveRow}>
            <button type="submit" className={styles.saveButton}>
              {t("privacyChoices.save")}
            </button>
            {/* In the page before it says anything, so the words are announced when a save brings them. */}
            <p role="status" className={saved ? styles.savedNote : undefined}>
              {saved ? t("privacyChoices.saved") : null}
            </p>
          </div>
        </Form>
      ) : (
        <div className={styles.panel}>
          <p>{t("privacyChoices.rightsIntro")}</p>
          <a href={site.legal.privacyWebFormUrl} target="_blank" rel="noopener noreferrer">
            {t("privacyChoices.rightsAction")} <span className={styles.hint}>{t("footer.opensInNewTab")}</span>
          </a>
        </div>
      )}
    </>
  );
}

/** The consent panel, its state the address: the page's content as the server drew it (until closed), else a modal. */
export function usePrivacyPanel(): { page: PrivacyTab | null; modal: PrivacyTab | null } {
  const { tab } = usePrivacyPanelState();
  const asPage = useServedAsPage(tab !== null);
  return { page: asPage ? tab : null, modal: asPage ? null : tab };
}

/** The panel as the page's main content (see `usePrivacyPanel`). */
export function PrivacyChoicesPage({ tab }: { tab: PrivacyTab }) {
  const { t } = useTranslation();
  const { closeHref } = usePrivacyPanelState();
  return (
    <section className={styles.page} aria-labelledby="privacy-choices-title">
      <h1 id="privacy-choices-title">{t("privacyChoices.title")}</h1>
      <PrivacyChoicesContent tab={tab} />
      <p>
        <a href={closeHref}>{t("privacyChoices.back")}</a>
      </p>
    </section>
  );
}

/** The panel as a modal, with JavaScript (see `usePrivacyPanel`). */
export function PrivacyChoicesPanel({ tab }: { tab: PrivacyTab | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { closeHref } = usePrivacyPanelState();
  if (!tab) return null;
  return (
    <Modal
      open
      title={t("privacyChoices.title")}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { preventScrollReset: true, replace: true })}
    >
      <PrivacyChoicesContent tab={tab} />
    </Modal>
  );
}
