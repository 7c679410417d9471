import { Notification } from "~/components/notification";
import { SupportEmailLink, SupportPhoneLink } from "~/components/support-links";
import { site } from "~/config/site";
import { Trans, useTranslation } from "~/i18n/react";

/** SPEC.md §2 'overview': account settings will be expanded; support e-mail and phone. */
export function MoreToComeBanner() {
  const { t } = useTranslation("profile");
  return (
    <Notification
      visibleMs={0}
      headerText={t("overview.bannerTitle")}
      bodyText={
        <Trans
          t={t}
          i18nKey="overview.bannerBody"
          values={{ email: site.support.email, phone: site.support.phoneDisplay }}
          components={{ email: <SupportEmailLink />, phone: <SupportPhoneLink /> }}
        />
      }
    />
  );
}
