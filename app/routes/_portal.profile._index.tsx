import { PersonalInformationCard } from "~/components/profile/personal-information-card";
import { pageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/_portal.profile._index";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "nav.personalInformation");

/** SPEC.md §2: the profile root shows the personal-information card. */
export default function ProfileIndex({ matches }: Route.ComponentProps) {
  return <PersonalInformationCard person={matches[2].loaderData.person} />;
}
