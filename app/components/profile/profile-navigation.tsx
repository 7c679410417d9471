import type { KeyboardEvent } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { Icon } from "~/components/icon";
import { useHydrated } from "~/components/use-hydrated";
import { profileSectionPath, type ProfileSection } from "~/domain/profile-navigation";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";

/** Each section's name; its hint is under the same key with 'Hint'. */
const titleKey: Record<ProfileSection, string> = {
  overview: "nav.personalInformation",
  security: "nav.loginSecurity",
  studies: "nav.myStudies",
};

/** Desktop side navigation headed 'My Account'. */
export function ProfileSideNav({ sections }: { sections: readonly ProfileSection[] }) {
  const { t } = useTranslation("profile");
  return (
    <nav aria-labelledby="profile-nav-title" className={styles.sideNav}>
      <h2 id="profile-nav-title" className={styles.sideNavTitle}>
        {t("nav.title")}
      </h2>
      <ul className={styles.sideNavList}>
        {sections.map((section) => (
          <li key={section}>
            <NavLink to={profileSectionPath[section]} className={styles.sideNavLink}>
              {t(titleKey[section])}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Mobile profile root: one card per section, opened by Space or Enter (SPEC.md §2); without JavaScript a form's button. */
export function ProfileSectionCards({ sections }: { sections: readonly ProfileSection[] }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  function openOnSpace(event: KeyboardEvent<HTMLAnchorElement>, section: ProfileSection) {
    if (event.key !== " ") return;
    event.preventDefault();
    void navigate(profileSectionPath[section]);
  }
  const cardContent = (section: ProfileSection) => (
    <>
      <span>
        <span className={styles.navCardTitle}>{t(titleKey[section])}</span>
        <span className={styles.navCardHint}>{t(`${titleKey[section]}Hint`)}</span>
      </span>
      <Icon name="arrow-right" />
    </>
  );
  return (
    <nav aria-label={t("nav.label")} className={styles.mobileOnly}>
      <ul className={styles.consentList}>
        {sections.map((section) => (
          <li key={section}>
            {hydrated ? (
              <Link to={profileSectionPath[section]} className={styles.navCard} onKeyDown={(event) => openOnSpace(event, section)}>
                {cardContent(section)}
              </Link>
            ) : (
              <form method="get" action={profileSectionPath[section]}>
                <button type="submit" className={styles.navCard}>
                  {cardContent(section)}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Mobile: every profile page but the root leads back to it. */
export function BackToProfile() {
  const { t } = useTranslation("profile");
  return (
    <Link to="/profile" className={`${styles.backLink} ${styles.mobileOnly}`}>
      <Icon name="arrow-left" />
      {t("nav.backToProfile")}
    </Link>
  );
}
