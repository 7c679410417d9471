import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { SupportEmailLink } from "~/components/support-links";
import { Trans, useTranslation } from "~/i18n/react";
import * as styles from "./error-screens.css";
import { SignOutForm } from "./user-menu";

/** A screen that stands for the whole page (an error, a way back in): a region named by its heading, then a way on (`to`). */
export function MessageScreen(props: { headingId: string; heading: ReactNode; children: ReactNode; to?: [href: string, label: string] }) {
  return (
    <section className={styles.screen} aria-labelledby={props.headingId}>
      <h1 id={props.headingId} className={styles.title}>
        {props.heading}
      </h1>
      {props.children}
      {props.to ? (
        <a href={props.to[0]} className={styles.link}>
          {props.to[1]}
        </a>
      ) : null}
    </section>
  );
}

/** SPEC.md §8's network error, with a way to try the same page again (a plain link: both modes). */
export function NetworkErrorScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <MessageScreen headingId="network-error-title" heading={t("errors.networkTitle")}>
      <p className={styles.body}>
        <Trans t={t} i18nKey="errors.networkBody" components={{ support: <SupportEmailLink className={styles.link} /> }} />
      </p>
      <p className={styles.body}>
        <Link to={`${location.pathname}${location.search}`} reloadDocument className={styles.link}>
          {t("errors.tryAgain")}
        </Link>
      </p>
      <SignOutForm label={t("errors.signOut")} className={styles.action} />
    </MessageScreen>
  );
}

export function ServerErrorScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen headingId="server-error-title" heading={t("errors.serverTitle")}>
      <p className={styles.body}>
        <Trans t={t} i18nKey="errors.serverBody" components={{ support: <SupportEmailLink className={styles.link} /> }} />
      </p>
    </MessageScreen>
  );
}

/** SPEC.md §8 'Router fallback'. */
export function RouterFallbackScreen({ status, detail }: { status: number; detail: string }) {
  const { t } = useTranslation();
  return (
    <MessageScreen headingId="router-fallback-title" heading={t("errors.unexpected")} to={["/", t("errors.backHome")]}>
      <p className={styles.body}>{t("errors.statusLine", { status, statusText: detail })}</p>
    </MessageScreen>
  );
}

/** A page that does not exist, and a way on to My Results (the sign-in page for someone signed out). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen headingId="not-found-title" heading={t("errors.notFoundTitle")} to={["/", t("errors.backHome")]}>
      <p className={styles.body}>{t("errors.notFoundBody")}</p>
    </MessageScreen>
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
