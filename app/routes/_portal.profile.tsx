import { isRouteErrorResponse, Outlet, useLocation, type ShouldRevalidateFunction } from "react-router";
import { ServerErrorScreen } from "~/components/layout/error-screens";
import { LinkLine, ProfileCard } from "~/components/profile/profile-card";
import { BackToProfile, ProfileSectionCards, ProfileSideNav } from "~/components/profile/profile-navigation";
import * as styles from "~/components/profile/profile.css";
import { profileSectionsMayHaveChanged } from "~/domain/profile-revalidation";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { translations } from "~/services/language.server";
import { profileOverview } from "~/services/profile-overview.server";
import { participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.profile";

/** The profile namespace, for this layout and every page below it. */
export const middleware: Route.MiddlewareFunction[] = [translations("profile")];

/** The profile section; results-link visitors have none (they are sent to their results). */
export async function loader({ context }: Route.LoaderArgs) {
  return profileOverview(participantSession(context), context);
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, nextUrl, defaultShouldRevalidate }) =>
  profileSectionsMayHaveChanged({ formAction, nextUrl }) ? defaultShouldRevalidate : false;

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  const { pathname } = useLocation();
  const atRoot = pathname.replace(/\/$/, "") === "/profile";
  return (
    <div className={styles.layout}>
      <ProfileSideNav sections={sections} />
      <div className={styles.content}>
        {atRoot ? <ProfileSectionCards sections={sections} /> : <BackToProfile />}
        <Outlet />
      </div>
    </div>
  );
}

/** The section this participant does not have is titled as its heading; other pages keep their own. */
export const meta: Route.MetaFunction = ({ error, matches }) =>
  isRouteErrorResponse(error) && error.status === 404 ? pageTitle(matches, "profile", "notAvailable.title") : matches[0].meta;

/**
 * A profile page this participant does not have (My Studies without research consent, by URL): a
 * friendly answer inside the profile layout, with the way back to Personal Information.
 */
export function ErrorBoundary({ error, loaderData: profile }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("profile");
  const notHere = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={styles.layout}>
      {profile ? <ProfileSideNav sections={profile.sections} /> : null}
      <div className={styles.content}>
        {notHere ? (
          <ProfileCard headingId="not-available" heading={t("notAvailable.title")} level={1}>
            <p className={styles.paragraph}>{t("notAvailable.body")}</p>
            <LinkLine to="/profile">{t("notAvailable.back")}</LinkLine>
          </ProfileCard>
        ) : (
          <ServerErrorScreen />
        )}
      </div>
    </div>
  );
}
