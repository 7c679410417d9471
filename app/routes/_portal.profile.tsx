import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { BackToProfile, ProfileSectionCards, ProfileSideNav } from "~/components/profile/profile-navigation";
import * as styles from "~/components/profile/profile.css";
import { profileSectionsMayHaveChanged } from "~/domain/profile-revalidation";
import { profileOverview } from "~/services/profile-overview.server";
import { privatePageHeaders, requireParticipant } from "~/services/session.server";

/** The profile section; results-link visitors have none (they are sent to their results). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireParticipant(request, context);
  return json(await profileOverview(session), { headers: privatePageHeaders });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, nextUrl, defaultShouldRevalidate }) =>
  profileSectionsMayHaveChanged({ formAction, nextUrl }) ? defaultShouldRevalidate : false;

export function headers() {
  return privatePageHeaders;
}

export default function ProfileLayout() {
  const { sections } = useLoaderData<typeof loader>();
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
