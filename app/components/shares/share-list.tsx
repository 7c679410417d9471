import { Link } from "react-router";
import { Moment } from "~/components/moment";
import * as profile from "~/components/profile/profile.css";
import { shareEndedAt, sharePath } from "~/domain/report-share";
import type { Share } from "~/domain/report-share-reply";
import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./shares.css";

/** Every share, newest first: the report, who it is for, until when, its state and how often it was opened. */
export function ShareList({ shares, labels, serverTimeZone }: { shares: Share[]; labels: Record<string, string>; serverTimeZone: string }) {
  const { t } = useTranslation("shares");
  return (
    <ul className={styles.list}>
      {shares.map((share) => (
        <li key={share.id} className={styles.item}>
          <dl className={profile.consentFacts}>
            <dt>{t("list.report")}</dt>
            <dd>{labels[share.appId] ?? share.appId}</dd>
            <dt>{t("list.recipient")}</dt>
            <dd>{share.recipient}</dd>
            <dt>{t(shareEndedAt(share) ? "list.endedAt" : "list.until")}</dt>
            <dd>
              <Moment at={shareEndedAt(share) ?? share.expiresAt} serverTimeZone={serverTimeZone} />
            </dd>
            <dt>{t("list.state")}</dt>
            <dd>{t(`state.${share.state}`)}</dd>
            <dt>{t("list.opened")}</dt>
            <dd>{share.views.length}</dd>
          </dl>
          {/* One link per share: the page would ask React Router for every share's path; the route is found on a click. */}
          <Link to={sharePath(share.id)} className={profile.textLink}>
            {t("list.view")}
            <span className={visuallyHidden}>: {share.recipient}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
