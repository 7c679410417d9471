import { data, Link } from "react-router";
import { IntentButton } from "~/components/intent-button";
import { Moment } from "~/components/moment";
import { LinkLine } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import { ReportView } from "~/components/reports/report-view";
import * as styles from "~/components/shares/shares.css";
import { TitledPage } from "~/components/titled-page";
import { appLabel } from "~/domain/dashboard-view";
import {
  familyLetterPath,
  familyLetterPdfPath,
  LETTER_LANGUAGES,
  letterLanguage,
  offersFamilyLetter,
  openLetterOf,
  RELATIVE_PATH,
} from "~/domain/family-letter";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { env } from "~/services/env.server";
import { endFamilyLetter, listFamilyLetters, makeFamilyLetter, readFamilyLetter } from "~/services/family-letters.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { fetchPatientResults } from "~/services/results.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession, serverTimeZone, type PortalSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.results.family-letter";

export const middleware: Route.MiddlewareFunction[] = [translations("family")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "family", "letter.title");

/** The participant's ready FH report of this id, with its label in the page's language; null when it is not one. */
async function fhReport(session: PortalSession, appId: string, language: string) {
  const outcome = await fetchPatientResults({ accessToken: session.accessToken, userId: session.userId, requestId: session.requestId });
  if (!outcome.ok) throw data(null, { status: 503 });
  const app = outcome.results.apps.find((candidate) => candidate.appID === appId);
  if (!app || !offersFamilyLetter(app)) throw data(null, { status: 404 });
  return { appId: app.appID, label: appLabel(app, language) };
}

/** The family letter of one FH report (`?app=`), in the language asked for (`?in=`) or the page's; else 'Make the letter'. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const pageLanguage = languageOf(context);
  const report = await fhReport(session, url.searchParams.get("app") ?? "", pageLanguage);
  const letters = await listFamilyLetters(session);
  if (letters === null) throw data(null, { status: 503 });
  const open = openLetterOf(letters, report.appId);
  const language = letterLanguage(url.searchParams.get("in"), pageLanguage);
  const content = open ? await readFamilyLetter(session, open.id, language) : null;
  if (open && !content) throw data(null, { status: 503 });
  const earlier = letters.filter((letter) => letter.appId === report.appId && letter.id !== open?.id);
  const relativeUrl = `${env.PORTAL_URL.replace(/\/$/, "")}${RELATIVE_PATH}`;
  return data({ report, open, content, language, earlier, relativeUrl, serverTimeZone });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const form = await readForm(request);
  const report = await fhReport(session, String(form.get("appId") ?? ""), languageOf(context));
  const back = familyLetterPath(report.appId);
  const notice = (type: "success" | "error", titleKey: string, bodyKey?: string) => redirectWithNotice(back, { type, titleKey, bodyKey });
  const intent = form.get("intent");
  if (intent === "make") {
    const made = await makeFamilyLetter(session, report.appId);
    if (made === "unavailable") return notice("error", "family:letter.unavailableTitle", "family:letter.unavailableBody");
    if (made === "not-allowed") return notice("error", "family:letter.notAllowed");
    return notice("success", "family:letter.madeNotice");
  }
  if (intent === "end") {
    const ended = await endFamilyLetter(session, String(form.get("letterId") ?? ""));
    if (ended === "not-found") throw data(null, { status: 404 });
    if (ended === "unavailable") return notice("error", "family:letter.endFailedTitle", "family:letter.unavailableBody");
    return notice("success", "family:letter.endedNotice");
  }
  return data(null, { status: 400 });
}

export default function FamilyLetterPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("family");
  const { report, open, content, language, earlier, relativeUrl, serverTimeZone: zone } = loaderData;
  return (
    <TitledPage headingId="family-letter-title" heading={t("letter.title")}>
      <p className={profile.paragraph}>{t("letter.report", { report: report.label })}</p>
      <p className={profile.paragraph}>{t("letter.intro")}</p>
      <p className={profile.paragraph}>{t("letter.codeIntro", { url: relativeUrl })}</p>
      {open && content ? (
        <>
          <dl className={profile.consentFacts}>
            <dt>{t("letter.code")}</dt>
            <dd className={profile.consentFactValue}>
              <span className={styles.secret} data-relative-code>
                {open.code}
              </span>
            </dd>
            <dt>{t("letter.until")}</dt>
            <dd className={profile.consentFactValue}>
              <Moment at={open.expiresAt} serverTimeZone={zone} />
            </dd>
            <dt>{t("letter.uses")}</dt>
            <dd className={profile.consentFactValue} data-relative-uses>
              {t("letter.usesCount", { count: open.uses })}
            </dd>
          </dl>
          <p className={profile.paragraph}>{t("letter.usesPrivacy")}</p>
          <nav aria-label={t("letter.languages")}>
            <ul className={styles.list}>
              {LETTER_LANGUAGES.map((each) => (
                <li key={each}>
                  {each === language ? (
                    <span aria-current="page" lang={each}>
                      {t(`letter.in.${each}`)}
                    </span>
                  ) : (
                    <Link to={familyLetterPath(report.appId, each)} lang={each} className={profile.textLink}>
                      {t(`letter.in.${each}`)}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <p className={profile.paragraph}>
            {/* A plain link: the PDF opens in the browser's own viewer. */}
            <a href={familyLetterPdfPath(open.id, language)} className={profile.textLink}>
              {t("letter.pdf")}
            </a>
          </p>
          <ReportView report={content} titleLevel={2} />
          <p className={profile.paragraph}>{t("letter.endHint")}</p>
          <IntentButton intent="end" values={{ appId: report.appId, letterId: open.id }} variant="outlined">
            {t("letter.end")}
          </IntentButton>
        </>
      ) : (
        <IntentButton intent="make" values={{ appId: report.appId }}>
          {t("letter.make")}
        </IntentButton>
      )}
      {earlier.length ? (
        <section aria-labelledby="family-letter-earlier" className={profile.form}>
          <h2 id="family-letter-earlier" className={profile.cardHeading}>
            {t("letter.earlier")}
          </h2>
          <ul className={styles.list}>
            {earlier.map((letter) => (
              <li key={letter.id} data-earlier-letter>
                {t("letter.earlierLine", { code: letter.code, state: t(`state.${letter.state}`), count: letter.uses })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LinkLine to="/">{t("letter.back")}</LinkLine>
    </TitledPage>
  );
}
