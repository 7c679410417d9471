import { useRouteLoaderData } from "@remix-run/react";
import { PersonalInformationCard } from "~/components/profile/personal-information-card";
import type { loader as profileLoader } from "./_portal.profile";

/** SPEC.md §2: the profile root shows the personal-information card. */
export default function ProfileIndex() {
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_portal.profile");
  return profile ? <PersonalInformationCard person={profile.person} /> : null;
}
