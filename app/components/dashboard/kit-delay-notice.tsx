import { Notification } from "~/components/notification";
import type { DelayReason } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n/react";

/** Why the kit is late, in plain words, under the tracker (part of the page, not an announcement). */
export function KitDelayNotice({ reason }: { reason: DelayReason }) {
  const { t } = useTranslation("dashboard");
  return (
    <Notification
      type="warning"
      visibleMs={0}
      announced={false}
      headerText={t("status.delay.title")}
      bodyText={t(`status.delay.reasons.${reason}`)}
    />
  );
}
