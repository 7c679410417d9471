import { Form, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { classNames } from "~/components/class-names";
import { IntentButton } from "~/components/intent-button";
import { Moment } from "~/components/moment";
import { useSubmittingIntent } from "~/components/use-submitting-intent";
import { END_OTHER_SESSIONS_INTENT, END_SESSION_INTENT, SESSIONS_PATH, type ListedSession } from "~/domain/active-sessions";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";
import * as sessionStyles from "./sessions.css";

function SessionEntry({ session, serverTimeZone }: { session: ListedSession; serverTimeZone: string }) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const { browser, system } = session.device;
  // 'Chrome on Windows', in the page's language.
  const deviceName = t("sessions.deviceName", { browser: t(`sessions.browsers.${browser}`), system: t(`sessions.systems.${system}`) });
  const ending = navigation.state === "submitting" && navigation.formData?.get("session") === session.listingId;
  return (
    <li className={styles.consentItem}>
      <h2 className={classNames(styles.rowLabel, sessionStyles.sessionName)}>
        {deviceName}
        {session.current ? <span className={sessionStyles.thisDeviceTag}>{t("sessions.thisDevice")}</span> : null}
      </h2>
      <dl className={classNames(styles.consentFacts, sessionStyles.sessionFacts)}>
        <dt>{t("sessions.kindLabel")}</dt>
        <dd>{t(`sessions.kinds.${session.device.kind}`)}</dd>
        <dt>{t("sessions.signedInLabel")}</dt>
        <dd>
          <Moment at={session.signedInAt} serverTimeZone={serverTimeZone} />
        </dd>
        <dt>{t("sessions.lastUsedLabel")}</dt>
        <dd>{session.current ? t("sessions.now") : <Moment at={session.lastUsedAt} serverTimeZone={serverTimeZone} />}</dd>
      </dl>
      <Form method="post" action={SESSIONS_PATH} className={styles.actions}>
        <input type="hidden" name="intent" value={END_SESSION_INTENT} />
        <input type="hidden" name="session" value={session.listingId} />
        <Button type="submit" variant="outlined" loading={ending}>
          {t("sessions.signOut")}
          <span className="visually-hidden">
            {" "}
            {session.current ? t("sessions.signOutThisDeviceHidden") : t("sessions.signOutHidden", { device: deviceName })}
          </span>
        </Button>
      </Form>
    </li>
  );
}

/** Every place the participant is signed in, this device first, each with 'Sign out'; and 'Sign out everywhere else'. */
export function ActiveSessionsList({ sessions, serverTimeZone }: { sessions: readonly ListedSession[]; serverTimeZone: string }) {
  const { t } = useTranslation("profile");
  const endingOthers = useSubmittingIntent(END_OTHER_SESSIONS_INTENT);
  return (
    <>
      <ul className={styles.consentList}>
        {sessions.map((session) => (
          <SessionEntry key={session.listingId} session={session} serverTimeZone={serverTimeZone} />
        ))}
      </ul>
      {sessions.some((session) => !session.current) ? (
        <IntentButton action={SESSIONS_PATH} intent={END_OTHER_SESSIONS_INTENT} loading={endingOthers}>
          {t("sessions.signOutOthers")}
        </IntentButton>
      ) : (
        <p className={styles.muted}>{t("sessions.onlyThisDevice")}</p>
      )}
    </>
  );
}
