import { Link, useLocation } from "react-router";
import { classNames } from "~/components/class-names";
import { SupportPhoneLink } from "~/components/support-links";
import * as phoneStyles from "~/components/support-links.css";
import { site } from "~/config/site";
import { hourOfDay } from "~/domain/clock-time";
import { useTranslation } from "~/i18n/react";
import { Logo } from "../../../lib/design/logo.tsx";
import * as styles from "./footer.css";
import { PrivacyChoicesPanel, privacyPanelParam, type PrivacyTab } from "./privacy-choices";

/** Links to pages of the program's website, each an item of the list around them: [address, label key]. */
function ExternalLinks({ links }: { links: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useTranslation();
  return links.map(([href, key]) => (
    <li key={key}>
      <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {t(key)}
        <span className={styles.visuallyHidden}> {t("footer.opensInNewTab")}</span>
      </a>
    </li>
  ));
}

function FooterColumn({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <section aria-label={heading}>
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
          <p>{t("footer.tagline")}</p>
          <p className={styles.socialHeading}>{t("footer.social")}</p>
          <ul className={styles.socialList}>
            <ExternalLinks
              links={[
                [site.social.professionalNetworkUrl, "footer.professionalNetwork"],
                [site.social.microbloggingUrl, "footer.microblogging"],
              ]}
            />
          </ul>
        </div>
        <div className={styles.columns}>
          <FooterColumn heading={t("footer.supportHeading")}>
            <ExternalLinks
              links={[
                [site.support.contactUrl, "footer.contactSupport"],
                [site.support.helpCenterUrl, "footer.helpCenter"],
                [site.legal.privacyHighlightsUrl, "footer.privacyHighlights"],
                [site.legal.patentsUrl, "footer.patents"],
              ]}
            />
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
            <ExternalLinks
              links={[
                [site.partners.healthSystemsUrl, "footer.healthSystems"],
                [site.partners.publicHealthUrl, "footer.publicHealth"],
                [site.partners.lifeSciencesUrl, "footer.lifeSciences"],
                [site.partners.partnerWithUsUrl, "footer.partnerWithUs"],
              ]}
            />
          </FooterColumn>
        </div>
      </div>
      <div className={styles.bottom}>
        <nav aria-label={t("footer.legalNav")}>
          <ul className={styles.legalList}>
            <ExternalLinks
              links={[
                [site.legal.privacyPolicyUrl, "footer.privacyPolicy"],
                [site.legal.termsOfServiceUrl, "footer.termsOfService"],
                [site.legal.noticeOfPrivacyPracticesUrl, "footer.noticeOfPrivacyPractices"],
                [site.legal.platformConsentUrl, "footer.platformConsent"],
                [site.legal.researchConsentUrl, "footer.researchConsent"],
              ]}
            />
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
