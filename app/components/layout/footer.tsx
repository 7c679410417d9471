import { Link, useLocation } from "react-router";
import { classNames } from "~/components/class-names";
import { SupportPhoneLink } from "~/components/support-links";
import * as phoneStyles from "~/components/support-links.css";
import { site } from "~/config/site";
import { hourOfDay } from "~/domain/clock-time";
import { useTranslation } from "~/i18n/react";
import * as styles from "./footer.css";
import { Logo } from "./logo";
import { PrivacyChoicesPanel, privacyPanelParam, type PrivacyTab } from "./privacy-choices";

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {children}
      <span className={styles.visuallyHidden}> {t("footer.opensInNewTab")}</span>
    </a>
  );
}

function FooterColumn({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <section className={styles.column} aria-label={heading}>
      <h2 className={styles.columnHeading}>{heading}</h2>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

export function Footer({ currentYear, privacyModal }: { currentYear: number; privacyModal: PrivacyTab | null }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(privacyPanelParam, "consents");
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <span className={styles.logo}>
            <Logo />
          </span>
          <p className={styles.tagline}>{t("footer.tagline")}</p>
          <p className={styles.socialHeading}>{t("footer.social")}</p>
          <ul className={styles.socialList}>
            <li>
              <ExternalLink href={site.social.professionalNetworkUrl}>{t("footer.professionalNetwork")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.social.microbloggingUrl}>{t("footer.microblogging")}</ExternalLink>
            </li>
          </ul>
        </div>
        <div className={styles.columns}>
          <FooterColumn heading={t("footer.supportHeading")}>
            <li>
              <ExternalLink href={site.support.contactUrl}>{t("footer.contactSupport")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.support.helpCenterUrl}>{t("footer.helpCenter")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.legal.privacyHighlightsUrl}>{t("footer.privacyHighlights")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.legal.patentsUrl}>{t("footer.patents")}</ExternalLink>
            </li>
            <li>
              <Link to="/accessibility" className={styles.link}>
                {t("footer.accessibility")}
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn heading={t("footer.contactHeading")}>
            <li>
              {t("footer.customerSupport")}: <SupportPhoneLink className={styles.link}>{site.support.phoneDisplay}</SupportPhoneLink>
            </li>
            <li>
              {t("footer.hours", {
                opens: hourOfDay(site.support.opensAtHour, i18n.language),
                closes: hourOfDay(site.support.closesAtHour, i18n.language),
              })}
            </li>
            <li>
              {t("footer.covidLine")}:{" "}
              <a href={`tel:${site.support.covidPhone}`} className={classNames(styles.link, phoneStyles.phoneNumber)}>
                {site.support.covidPhoneDisplay}
              </a>
            </li>
          </FooterColumn>
          <FooterColumn heading={t("footer.partnersHeading")}>
            <li>
              <ExternalLink href={site.partners.healthSystemsUrl}>{t("footer.healthSystems")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.partners.publicHealthUrl}>{t("footer.publicHealth")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.partners.lifeSciencesUrl}>{t("footer.lifeSciences")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.partners.partnerWithUsUrl}>{t("footer.partnerWithUs")}</ExternalLink>
            </li>
          </FooterColumn>
        </div>
      </div>
      <div className={styles.bottom}>
        <nav aria-label={t("footer.legalNav")}>
          <ul className={styles.legalList}>
            <li>
              <ExternalLink href={site.legal.privacyPolicyUrl}>{t("footer.privacyPolicy")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.legal.termsOfServiceUrl}>{t("footer.termsOfService")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.legal.noticeOfPrivacyPracticesUrl}>{t("footer.noticeOfPrivacyPractices")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.legal.platformConsentUrl}>{t("footer.platformConsent")}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.legal.researchConsentUrl}>{t("footer.researchConsent")}</ExternalLink>
            </li>
            <li>
              <Link to={`?${params.toString()}`} preventScrollReset className={styles.privacyChoicesButton}>
                {t("footer.privacyChoices")}
              </Link>
            </li>
          </ul>
        </nav>
        <p className={styles.legalLine}>{t("footer.copyright", { startYear: site.copyrightStartYear, year: currentYear })}</p>
        <p className={styles.legalLine}>
          {t("footer.clinicalLab", { number: site.accreditation.clinicalLabCertification })} ·{" "}
          {t("footer.pathologyCollege", { number: site.accreditation.pathologyCollegeCertification })}
        </p>
      </div>
      <PrivacyChoicesPanel tab={privacyModal} />
    </footer>
  );
}
