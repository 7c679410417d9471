import { NotificationList } from "~/components/notification-list";
import { SupportEmailLink } from "~/components/support-links";
import type { FlashNotification } from "~/domain/flash-notification";
import { Trans, useTranslation } from "~/i18n-react";

/** Server flashes in a live region; with JavaScript each hides after its visible time. */
export function FlashNotifications({ notifications }: { notifications: FlashNotification[] }) {
  const { t } = useTranslation();
  return (
    <NotificationList
      notifications={notifications.map((notification) => ({
        id: notification.id,
        type: notification.type,
        closable: true,
        visibleMs: notification.visibleMs,
        headerText: t(notification.titleKey),
        bodyText: notification.bodyKey ? (
          <Trans t={t} i18nKey={notification.bodyKey} components={{ support: <SupportEmailLink /> }} />
        ) : (
          notification.bodyText
        ),
      }))}
    />
  );
}
