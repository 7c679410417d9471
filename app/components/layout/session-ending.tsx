import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { useMomentZone } from "~/components/moment";
import { Notification } from "~/components/notification";
import { clockTime } from "~/domain/clock-time";
import { SESSION_ENDING_NOTICE_MS } from "~/domain/session-timing";
import { useTranslation } from "~/i18n/react";
import * as styles from "./header.css";
import type { Participant } from "./visitor";

/** The session's end as a clock time: in the server's zone (named) as the server wrote it, then in the participant's own. */
export function useSessionEndTime(visitor: Participant): string {
  const { i18n } = useTranslation();
  return clockTime(visitor.signedInUntil, i18n.language, useMomentZone(visitor.serverTimeZone));
}

/** 'Stay signed in': back to this very page with the idle limit started again (a plain POST). */
export function StaySignedInForm() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/session/keep-alive">
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={styles.menuButton}>
        {t("session.staySignedIn")}
      </button>
    </Form>
  );
}

/** Two minutes before the session ends, the offer to stay signed in, in a polite live region that takes no focus. */
export function SessionEndingNotice({ visitor }: { visitor: Participant }) {
  const { t } = useTranslation();
  // The session end the notice is showing for: a renewed session (a later end) hides it at once.
  const [noticeFor, setNoticeFor] = useState(() =>
    visitor.signedInUntil - Date.now() <= SESSION_ENDING_NOTICE_MS ? visitor.signedInUntil : null,
  );
  useEffect(() => {
    const wait = Math.max(0, visitor.signedInUntil - SESSION_ENDING_NOTICE_MS - Date.now());
    const timer = window.setTimeout(() => setNoticeFor(visitor.signedInUntil), wait);
    return () => window.clearTimeout(timer);
  }, [visitor.signedInUntil]);
  const soon = noticeFor === visitor.signedInUntil;
  const time = useSessionEndTime(visitor);
  return (
    <div aria-live="polite">
      {soon ? (
        <Notification
          type="warning"
          visibleMs={0}
          announced={false}
          headerText={t("session.endingTitle")}
          bodyText={
            <>
              <p>{t("session.endingBody", { time })}</p>
              <StaySignedInForm />
            </>
          }
        />
      ) : null}
    </div>
  );
}
