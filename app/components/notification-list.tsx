import { useState } from "react";
import { Notification, type NotificationProps } from "./notification";
import * as styles from "./notification.css";

export type NotificationItem = Pick<NotificationProps, "type" | "headerText" | "bodyText" | "closable" | "visibleMs" | "takesFocus"> & {
  id: string;
};

export type NotificationListProps = {
  notifications: readonly NotificationItem[];
  /** Told about each notification that was closed or timed out. */
  onDismiss?: (id: string) => void;
};

/** Stacks notifications in live regions that exist before any appear, so each new one is announced. */
export function NotificationList({ notifications, onDismiss }: NotificationListProps) {
  const [dismissedIds, setDismissedIds] = useState<ReadonlySet<string>>(() => new Set());
  const visible = notifications.filter((notification) => !dismissedIds.has(notification.id));

  function handleDismiss(id: string) {
    setDismissedIds((current) => new Set(current).add(id));
    onDismiss?.(id);
  }

  const render = ({ id, ...shown }: NotificationItem) => (
    <Notification key={id} {...shown} announced={false} onClose={() => handleDismiss(id)} />
  );
  // Errors assertively, the rest politely; the notifications inside carry no live role of their own.
  return (
    <div className={styles.list}>
      <div role="alert" className={styles.region}>
        {visible.filter((notification) => notification.type === "error").map(render)}
      </div>
      <div aria-live="polite" className={styles.region}>
        {visible.filter((notification) => notification.type !== "error").map(render)}
      </div>
    </div>
  );
}
