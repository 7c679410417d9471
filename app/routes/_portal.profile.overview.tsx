import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { MoreToComeBanner } from "~/components/profile/more-to-come-banner";
import { PersonalInformationCard } from "~/components/profile/personal-information-card";
import { pageTitle } from "~/page-title";
import type { loader as profileLoader } from "./_portal.profile";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "profile", "nav.title");

/** SPEC.md §2: overview is the personal-information card plus the 'More to come' banner. */
export default function ProfileOverviewPage() {
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_portal.profile");
  if (!profile) return null;
  return (
    <>
      <PersonalInformationCard person={profile.person} />
      <MoreToComeBanner />
    </>
  );
}
