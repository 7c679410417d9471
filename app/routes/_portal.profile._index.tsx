import { useRouteLoaderData } from "react-router";
import { PersonalInformationCard } from "~/components/profile/personal-information-card";
import { pageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/_portal.profile._index";
import type { loader as profileLoader } from "./_portal.profile";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "nav.personalInformation");

/** SPEC.md §2: the profile root shows the personal-information card. */
export default function ProfileIndex() {
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_portal.profile");
  return profile ? <PersonalInformationCard person={profile.person} /> : null;
}
