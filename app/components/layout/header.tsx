import { Link } from "react-router";
import { Icon } from "~/components/icon";
import { site } from "~/config/site";
import { useTranslation } from "~/i18n/react";
import { Logo } from "../../../lib/design/logo.tsx";
import * as styles from "./header.css";
import { LanguageSelector } from "./language-selector";
import { useDismissableDetails } from "./use-dismissable-details";
import { AccountMenuItems, SignOutForm, UserMenu } from "./user-menu";
import type { Visitor } from "./visitor";

export function Header({ visitor }: { visitor: Visitor | null }) {
  const { t } = useTranslation();
  const showsResultsLink = visitor?.kind === "participant";
  const mobileMenu = useDismissableDetails();
  const resultsNav = (navClassName: string | undefined, linkClassName: string) =>
    showsResultsLink ? (
      <nav aria-label={t("header.primaryNav")} className={navClassName}>
        <Link to="/" className={linkClassName}>
          {t("header.results")}
        </Link>
      </nav>
    ) : null;
  return (
    <header className={styles.header}>
      <a href="#main" className={styles.skipLink}>
        {t("skipToContent")}
      </a>
      <div className={styles.bar}>
        <a href={site.companyHomeUrl} className={styles.logoLink} aria-label={t("header.logoLabel")}>
          <Logo />
        </a>
        <div className={styles.desktopOnly}>
          {resultsNav(styles.primaryNav, styles.navLink)}
          <LanguageSelector />
          {visitor ? <UserMenu visitor={visitor} /> : null}
        </div>
        <details ref={mobileMenu} className={styles.mobileMenu}>
          <summary className={styles.mobileMenuSummary}>
            <Icon name="burger" />
            <span>{t("header.menu")}</span>
          </summary>
          <div className={styles.mobilePanel}>
            {resultsNav(undefined, styles.mobileLink)}
            <LanguageSelector />
            {visitor?.kind === "participant" ? (
              <details>
                <summary className={styles.subMenuSummary}>{visitor.fullName}</summary>
                <AccountMenuItems linkClassName={styles.mobileLink} visitor={visitor} />
              </details>
            ) : null}
            {visitor?.kind === "results-link" ? <SignOutForm /> : null}
          </div>
        </details>
      </div>
    </header>
  );
}
