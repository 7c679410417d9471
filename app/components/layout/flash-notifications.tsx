import { Button } from "~/components/button";
import { NotificationList } from "~/components/notification-list";
import { SupportEmailLink } from "~/components/support-links";
import type { FlashNotification } from "~/domain/flash-notification";
import { Trans, useTranslation } from "~/i18n/react";

/** Server flashes: each is the outcome of the form the participant just posted, so it takes focus. */
export function FlashNotifications({ notifications }: { notifications: FlashNotification[] }) {
  const { t } = useTranslation();
  return (
    <NotificationList
      notifications={notifications.map(({ retry, ...notification }) => ({
        id: notification.id,
        type: notification.type,
        closable: true,
        takesFocus: true,
        visibleMs: notification.visibleMs,
        headerText: t(notification.titleKey),
        bodyText: (
          <>
            {notification.bodyKey ? (
              <Trans t={t} i18nKey={notification.bodyKey} values={notification.bodyValues} components={{ support: <SupportEmailLink /> }} />
            ) : (
              notification.bodyText
            )}
            {/* A plain form (both modes) that posts the failed action again. */}
            {retry ? (
              <form method="post" action={retry.action}>
                {Object.entries(retry.fields).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <Button type="submit" variant="outlined">
                  {t(retry.labelKey)}
                </Button>
              </form>
            ) : null}
          </>
        ),
      }))}
    />
  );
}
