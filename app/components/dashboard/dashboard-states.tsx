import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CheckAgainEvery } from "~/components/check-again";
import { SupportEmailLink } from "~/components/support-links";
import { site } from "~/config/site";
import type { EmptyStateMessage } from "~/domain/dashboard-view";
import { KIT_REGISTRATION_PATH } from "~/domain/kit-registration";
import { Trans, useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { GatheringInformation } from "./gathering-information";

/** The results are on their way: the page asks again every few seconds and says so, with a link to ask at once. */
export function WaitingForResults({ checkAgainSeconds }: { checkAgainSeconds: number }) {
  const { t } = useTranslation("dashboard");
  const location = useLocation();
  return (
    <GatheringInformation>
      <CheckAgainEvery seconds={checkAgainSeconds} />
      <p className={styles.stateHint}>{t("waiting.checksAgain", { seconds: checkAgainSeconds })}</p>
      <p className={styles.stateHint}>
        <Link to={`${location.pathname}${location.search}`} reloadDocument className={styles.textLink}>
          {t("waiting.checkNow")}
        </Link>
      </p>
    </GatheringInformation>
  );
}

/** Below kitStatus 1 (SPEC.md §2): SPEC's words and what happens next, above the apps the participant already has. */
export function KitNotStartedYet({ results, canRegisterKit }: { results: ReactNode; canRegisterKit: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <GatheringInformation>
        {canRegisterKit ? (
          <p className={styles.stateHint}>
            {t("kits.notRegisteredYet")}{" "}
            <Link to={KIT_REGISTRATION_PATH} className={styles.textLink}>
              {t("kits.registerLink")}
            </Link>
          </p>
        ) : null}
        <p className={styles.stateHint}>
          <Trans t={t} i18nKey="gatheringNextStep" components={{ support: <SupportEmailLink className={styles.textLink} /> }} />
        </p>
      </GatheringInformation>
      {results}
    </>
  );
}

/** SPEC.md §2: the empty state when there are no apps, with whatever the screen adds below SPEC's words. */
export function NoResultsYet({ message, children }: { message: EmptyStateMessage; children?: ReactNode }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.stateScreen} aria-labelledby="empty-title">
      <h1 id="empty-title" className={styles.headline}>
        {t("title")}
      </h1>
      <p>
        <Trans
          t={t}
          i18nKey={`empty.${message}`}
          values={{ email: site.support.email }}
          components={{ support: <SupportEmailLink className={styles.textLink} /> }}
        />
      </p>
      {children}
    </section>
  );
}

/** A participant the results service has no record of yet (just registered): SPEC's empty state, then what comes next. */
export function NewParticipant() {
  const { t } = useTranslation("dashboard");
  return (
    <NoResultsYet message="noDnaTests">
      <h2 className={styles.cardTitle}>{t("newParticipant.nextTitle")}</h2>
      <ol className={styles.nextSteps}>
        <li>
          <Trans
            t={t}
            i18nKey="newParticipant.registerKit"
            components={{ register: <Link to={KIT_REGISTRATION_PATH} className={styles.textLink} /> }}
          />
        </li>
        <li>{t("newParticipant.shipSample")}</li>
        <li>{t("newParticipant.resultsCome")}</li>
      </ol>
    </NoResultsYet>
  );
}
