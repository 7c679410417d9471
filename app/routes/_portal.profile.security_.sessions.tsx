import { data } from "react-router";
import { Notification } from "~/components/notification";
import { ActiveSessionsList } from "~/components/profile/active-sessions-list";
import { ProfileCard } from "~/components/profile/profile-card";
import * as styles from "~/components/profile/profile.css";
import { END_SESSION_INTENT, recentSessionEndingChange, SESSION_ENDING_FLOW, SESSIONS_PATH } from "~/domain/active-sessions";
import { SessionActionSchema } from "~/domain/active-sessions-form";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { endActiveSession, endOtherSessions, listActiveSessions } from "~/services/active-sessions.server";
import { env } from "~/services/env.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { flowState, participantSession, saveFlowState, serverTimeZone } from "~/services/session.server";
import { signOut } from "~/services/sign-out.server";
import type { Route } from "./+types/_portal.profile.security_.sessions";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "sessions.heading");

/** Where the participant is signed in (OWASP ASVS 5.0 V7.5.2), part of Login & Security. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  // Only to the session that made the change, while it is recent: an address anyone can open says nothing.
  const after = recentSessionEndingChange(flowState(session, SESSION_ENDING_FLOW), Date.now());
  return data({ sessions: await listActiveSessions(session), after, serverTimeZone });
}

/** 'Sign out' of one session, or of every other one: plain form posts, answered with the list again. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const parsed = SessionActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ problem: "bad-request" as const }, { status: 400 });
  if (parsed.data.intent === END_SESSION_INTENT) {
    const outcome = await endActiveSession(session, parsed.data.session);
    if (outcome.kind === "this-device") return signOut(session);
    if (outcome.kind === "not-found") return data({ problem: "not-found" as const }, { status: 404 });
    return redirectWithNotice(SESSIONS_PATH, { type: "success", titleKey: "profile:sessions.endedTitle" });
  }
  const ended = await endOtherSessions(session);
  // Done: the offer that followed the change is not made again.
  await saveFlowState(session, SESSION_ENDING_FLOW, null);
  return redirectWithNotice(SESSIONS_PATH, {
    type: "success",
    titleKey: "profile:sessions.endedOthersTitle",
    bodyKey: "profile:sessions.endedOthersBody",
    bodyValues: { count: ended },
  });
}

export default function ActiveSessionsPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { sessions, after, serverTimeZone: zone } = loaderData;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <ProfileCard headingId="sessions-heading" heading={t("sessions.heading")} level={1}>
      <p className={styles.paragraph}>{t("sessions.intro")}</p>
      {after ? (
        <Notification
          type="info"
          visibleMs={0}
          headerText={t(`sessions.after.${after}`)}
          bodyText={others > 0 ? t("sessions.after.othersOpen", { count: others }) : t("sessions.after.noOthers")}
        />
      ) : null}
      {answer?.problem ? (
        <Notification
          type="error"
          visibleMs={0}
          takesFocus
          headerText={t(answer.problem === "not-found" ? "sessions.notFoundTitle" : "sessions.badRequestTitle")}
          bodyText={t(answer.problem === "not-found" ? "sessions.notFoundBody" : "sessions.badRequestBody")}
        />
      ) : null}
      <ActiveSessionsList sessions={sessions} serverTimeZone={zone} />
    </ProfileCard>
  );
}
