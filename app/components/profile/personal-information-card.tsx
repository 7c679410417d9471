import { useNavigation } from "react-router";
import { Spinner } from "~/components/spinner";
import { TextInput } from "~/components/text-input";
import { useTranslation } from "~/i18n/react";
import { ProfileCard } from "./profile-card";

export type Person = { name: string; email: string };

/** SPEC.md §2 'Profile: Personal Information': read-only Name and Email, with a loading state. */
export function PersonalInformationCard({ person }: { person: Person }) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/profile") && !navigation.formMethod;
  return (
    <ProfileCard headingId="personal-information" heading={t("personal.heading")} level={1} busy={loading}>
      {loading ? (
        <Spinner label={t("personal.loading")} />
      ) : (
        <>
          <TextInput id="profile-name" label={t("personal.name")} value={person.name} prefilled />
          <TextInput id="profile-email" label={t("personal.email")} value={person.email} prefilled type="email" />
        </>
      )}
    </ProfileCard>
  );
}
