import { useState, type ReactNode } from "react";
import { classNames } from "./class-names";
import { Notification, type NotificationType } from "./notification";
import * as styles from "./notification.css";

export type NotificationItem = {
  id: string;
  type?: NotificationType;
  headerText?: ReactNode;
  bodyText?: ReactNode;
  closable?: boolean;
  visibleMs?: number;
};

export type NotificationListProps = {
  notifications: readonly NotificationItem[];
  /** Told about each notification that was closed or timed out. */
  onDismiss?: (id: string) => void;
  className?: string;
};

/**
 * Stacks notifications inside one live region that exists before any of them appear,
 * so screen readers announce each new one; dismissed ones are removed.
 */
export function NotificationList({ notifications, onDismiss, className }: NotificationListProps) {
  const [dismissedIds, setDismissedIds] = useState<ReadonlySet<string>>(() => new Set());
  const visible = notifications.filter((notification) => !dismissedIds.has(notification.id));

  function handleDismiss(id: string) {
    setDismissedIds((current) => new Set(current).add(id));
    onDismiss?.(id);
  }

  return (
    <div aria-live="polite" className={classNames(styles.list, className)}>
      {visible.map((notification) => (
        <Notification
          key={notification.id}
          type={notification.type}
          headerText={notification.headerText}
          bodyText={notification.bodyText}
          closable={notification.closable}
          visibleMs={notification.visibleMs}
          onClose={() => handleDismiss(notification.id)}
        />
      ))}
    </div>
  );
}
