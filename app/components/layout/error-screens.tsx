import { Link, useLocation } from "react-router";
import { SupportEmailLink } from "~/components/support-links";
import { Trans, useTranslation } from "~/i18n-react";
import * as styles from "./error-screens.css";
import { SignOutForm } from "./user-menu";

function SupportLink({ children }: { children?: React.ReactNode }) {
  return <SupportEmailLink className={styles.link}>{children}</SupportEmailLink>;
}

/** SPEC.md §8's network error, with a way to try the same page again (a plain link: both modes). */
export function NetworkErrorScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className={styles.screen} aria-labelledby="network-error-title">
      <h1 id="network-error-title" className={styles.title}>
        {t("errors.networkTitle")}
      </h1>
      <p className={styles.body}>
        <Trans t={t} i18nKey="errors.networkBody" components={{ support: <SupportLink /> }} />
      </p>
      <p className={styles.body}>
        <Link to={`${location.pathname}${location.search}`} reloadDocument className={styles.link}>
          {t("errors.tryAgain")}
        </Link>
      </p>
      <SignOutForm label={t("errors.signOut")} className={styles.action} />
    </section>
  );
}

export function ServerErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className={styles.screen} aria-labelledby="server-error-title">
      <h1 id="server-error-title" className={styles.title}>
        {t("errors.serverTitle")}
      </h1>
      <p className={styles.body}>
        <Trans t={t} i18nKey="errors.serverBody" components={{ support: <SupportLink /> }} />
      </p>
    </section>
  );
}

/** SPEC.md §8 'Router fallback'. */
export function RouterFallbackScreen({ status, detail }: { status: number; detail: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.screen} aria-labelledby="router-fallback-title">
      <h1 id="router-fallback-title" className={styles.title}>
        {t("errors.unexpected")}
      </h1>
      <p className={styles.body}>{t("errors.statusLine", { status, statusText: detail })}</p>
      <a href="/" className={styles.link}>
        {t("errors.backHome")}
      </a>
    </section>
  );
}

/**
 * A page that does not exist: said plainly, and a way on to My Results
 * (the sign-in page for someone signed out).
 */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        {t("errors.notFoundTitle")}
      </h1>
      <p className={styles.body}>{t("errors.notFoundBody")}</p>
      <a href="/" className={styles.link}>
        {t("errors.backHome")}
      </a>
    </section>
  );
}

/** SPEC.md's expired-session screen: its heading, when the automatic move to sign-in comes, and a way to go now. */
export function SessionExpiredScreen({ redirectSeconds, signInPath }: { redirectSeconds: number; signInPath: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.screen} aria-labelledby="session-expired-title">
      <div role="status">
        <h1 id="session-expired-title" className={styles.title}>
          {t("errors.sessionExpired")}
        </h1>
        <p className={styles.body}>{t("errors.redirectIn", { seconds: redirectSeconds })}</p>
      </div>
      <a href={signInPath} className={styles.link}>
        {t("errors.continueToSignIn")}
      </a>
    </section>
  );
}
