import { data } from "react-router";
import { IntentButton } from "~/components/intent-button";
import { Moment } from "~/components/moment";
import { LinkLine } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import { useDeviceWords } from "~/components/shares/device-words";
import * as styles from "~/components/shares/shares.css";
import { TitledPage } from "~/components/titled-page";
import { CLINICIAN_PATH, SHARES_PATH, shareEndedAt, shareLinkPath, sharePath } from "~/domain/report-share";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { env } from "~/services/env.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { FRESH_SHARE_FLOW, listShares, reportLabels, revokeShare, type FreshShare } from "~/services/report-shares.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { flowState, participantSession, saveFlowState, serverTimeZone } from "~/services/session.server";
import type { Route } from "./+types/_portal.shares.$shareId";

export const middleware: Route.MiddlewareFunction[] = [translations("shares")];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, "shares", "detail.title", { report: loaderData?.reportLabel ?? "" });

/** One of the participant's own shares: its facts, its code and link while they are fresh, every opening, and 'End'. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = participantSession(context);
  const [shares, labels] = await Promise.all([listShares(session), reportLabels(session, languageOf(context))]);
  if (shares === null) throw data(null, { status: 503 });
  const share = shares.find((candidate) => candidate.id === params.shareId);
  if (!share) throw data(null, { status: 404 });
  const fresh = flowState<FreshShare>(session, FRESH_SHARE_FLOW);
  const portal = env.PORTAL_URL.replace(/\/$/, "");
  const secrets =
    fresh?.id === share.id && share.state === "active" ? { code: fresh.code, link: `${portal}${shareLinkPath(fresh.link)}` } : null;
  return { share, reportLabel: labels?.[share.appId] ?? share.appId, secrets, clinicianUrl: `${portal}${CLINICIAN_PATH}`, serverTimeZone };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const form = await readForm(request);
  if (form.get("intent") !== "revoke") return data(null, { status: 400 });
  const revoked = await revokeShare(session, params.shareId);
  if (revoked === "not-found") throw data(null, { status: 404 });
  if (revoked === "unavailable") {
    // Not ended: the page reads the share's state back and says so.
    return redirectWithNotice(sharePath(params.shareId), {
      type: "error",
      titleKey: "shares:detail.endFailedTitle",
      bodyKey: "shares:detail.endFailedBody",
    });
  }
  if (flowState<FreshShare>(session, FRESH_SHARE_FLOW)?.id === revoked.id) await saveFlowState(session, FRESH_SHARE_FLOW, null);
  return redirectWithNotice(sharePath(revoked.id), { type: "success", titleKey: "shares:detail.endedNotice" });
}

export default function SharePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shares");
  const { share, reportLabel, secrets, clinicianUrl, serverTimeZone: zone } = loaderData;
  const deviceWords = useDeviceWords();
  return (
    <TitledPage headingId="share-title" heading={t("detail.title", { report: reportLabel })}>
      <dl className={profile.consentFacts}>
        <dt>{t("detail.recipient")}</dt>
        <dd className={profile.consentFactValue}>{share.recipient}</dd>
        <dt>{t("detail.created")}</dt>
        <dd className={profile.consentFactValue}>
          <Moment at={share.createdAt} serverTimeZone={zone} />
        </dd>
        <dt>{t(shareEndedAt(share) ? "detail.endedAt" : "detail.until")}</dt>
        <dd className={profile.consentFactValue}>
          <Moment at={shareEndedAt(share) ?? share.expiresAt} serverTimeZone={zone} />
        </dd>
        <dt>{t("detail.state")}</dt>
        <dd className={profile.consentFactValue}>{t(`state.${share.state}`)}</dd>
        {secrets ? (
          <>
            <dt>{t("detail.code")}</dt>
            <dd className={profile.consentFactValue}>
              <span className={styles.secret} data-share-code>
                {secrets.code}
              </span>
            </dd>
            <dt>{t("detail.link")}</dt>
            <dd className={profile.consentFactValue}>
              <span className={styles.link} data-share-link>
                {secrets.link}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
      {secrets ? (
        <>
          <p className={profile.paragraph}>{t("detail.give")}</p>
          <p className={profile.paragraph}>{t("detail.where", { url: clinicianUrl })}</p>
        </>
      ) : null}
      <p className={profile.paragraph}>{t("detail.emailed")}</p>
      <section aria-labelledby="share-views" className={profile.form}>
        <h2 id="share-views" className={profile.cardHeading}>
          {t("detail.views")}
        </h2>
        {share.deliveries && share.deliveries.page + share.deliveries.pdf > 0 ? (
          <p className={profile.paragraph}>{t("detail.deliveries", { pages: share.deliveries.page, pdfs: share.deliveries.pdf })}</p>
        ) : null}
        {share.views.length ? (
          <ul className={styles.list}>
            {share.views.map((view) => (
              <li key={view.at}>
                <Moment at={view.at} serverTimeZone={zone} />, {t("detail.viewedFrom", { device: deviceWords(view.device) })}
              </li>
            ))}
          </ul>
        ) : (
          <p className={profile.paragraph}>{t("detail.noViews")}</p>
        )}
      </section>
      {share.state === "active" ? (
        <IntentButton intent="revoke" variant="outlined">
          {t("detail.end")}
        </IntentButton>
      ) : (
        <p className={profile.paragraph}>{t("detail.ended")}</p>
      )}
      <LinkLine to={SHARES_PATH}>{t("detail.back")}</LinkLine>
    </TitledPage>
  );
}
