import { useEffect, useRef } from "react";
import { data, Form, useOutlet } from "react-router";
import { Button } from "~/components/button";
import { ActiveSessionsSection } from "~/components/profile/active-sessions-section";
import { InvisibleCaptchaField } from "~/components/profile/invisible-captcha";
import { NotificationSettings } from "~/components/profile/notification-settings";
import { ProfileCard } from "~/components/profile/profile-card";
import * as styles from "~/components/profile/profile.css";
import { SignInMethods } from "~/components/profile/sign-in-methods";
import { useHydrated } from "~/components/use-hydrated";
import { useServedAsPage } from "~/components/use-served-as-page";
import { useSubmittingIntent } from "~/components/use-submitting-intent";
import { recentSessionEndingChange, SESSION_ENDING_FLOW } from "~/domain/active-sessions";
import { PASSWORD_UPDATE_PATH } from "~/domain/password-update-view";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { env } from "~/services/env.server";
import { readNotificationPreferences } from "~/services/notification-preferences.server";
import { flowState, participantSession, serverTimeZone } from "~/services/session.server";
import { readFactors } from "~/services/sign-in-factors.server";
import type { Route } from "./+types/_portal.profile.security";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "nav.loginSecurity");

/** SPEC.md §2 'Login & Security', behind its feature check. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const after = recentSessionEndingChange(flowState(session, SESSION_ENDING_FLOW), Date.now());
  const [factors, notifications] = await Promise.all([readFactors(session, context), readNotificationPreferences(session)]);
  return { factors, notifications, serverTimeZone, after };
}

export default function LoginSecurity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const { factors, notifications, serverTimeZone: zone, after } = loaderData;
  const step = useOutlet();
  const starting = useSubmittingIntent("start");
  // Without JavaScript a password-update step is the whole page; with it, a modal over this one,
  // unless the server sent the step as the page (it stays one until the flow ends).
  const updateForm = useRef<HTMLFormElement>(null);
  const inFlow = Boolean(step);
  const stepAsPage = useServedAsPage(inFlow);
  const wasInFlow = useRef(inFlow);
  // With JavaScript the flow ends by closing its modal: focus goes back to 'Update Password'.
  useEffect(() => {
    if (wasInFlow.current && !inFlow && hydrated) updateForm.current?.querySelector("button")?.focus();
    wasInFlow.current = inFlow;
  }, [inFlow, hydrated]);
  if (step && stepAsPage) return step;
  return (
    <>
      <ProfileCard headingId="login-security" heading={t("security.heading")} level={1}>
        <div className={styles.row}>
          <div>
            <h2 className={styles.rowLabel}>{t("security.passwordLabel")}</h2>
            <p className={styles.muted}>
              <span aria-hidden="true">••••••••••</span>
              <span className="visually-hidden">{t("security.passwordHidden")}</span>
            </p>
          </div>
          <Form ref={updateForm} method="post" action={PASSWORD_UPDATE_PATH}>
            <input type="hidden" name="intent" value="start" />
            <InvisibleCaptchaField />
            <Button type="submit" variant="link" loading={starting}>
              {t("security.updatePassword")}
            </Button>
          </Form>
        </div>
      </ProfileCard>
      <SignInMethods factors={factors} serverTimeZone={zone} />
      <ActiveSessionsSection after={after} />
      <NotificationSettings preferences={notifications} />
      {step}
    </>
  );
}
