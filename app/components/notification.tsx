import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Icon } from "./icon";
import { IconButton } from "./icon-button";
import * as styles from "./notification.css";
import { useDismissTimer } from "./use-dismiss-timer";
import { useHydrated } from "./use-hydrated";

/** Default visible time of a notification (SPEC.md §9). */
export const DEFAULT_NOTIFICATION_VISIBLE_MS = 7000;

export type NotificationProps = {
  type?: "info" | "success" | "warning" | "error";
  headerText?: ReactNode;
  bodyText?: ReactNode;
  /** Shows a "Close" control: a button with JavaScript, or the dismiss form's submit button. */
  closable?: boolean;
  onClose?: () => void;
  /** A plain form that dismisses it on the server (also without JavaScript), with hidden fields such as which banner. */
  dismissForm?: { action: string; fields?: Record<string, string> };
  /** With JavaScript, hide after this many milliseconds; 0 keeps it until closed. */
  visibleMs?: number;
  /** Its own live role (alert for errors, else status); false inside a list that is a live region already. */
  announced?: boolean;
  /** The outcome of what the participant just did takes focus (GOV.UK's banner): the button that did it may be gone. */
  takesFocus?: boolean;
  id?: string;
};

export function Notification({
  type = "info",
  headerText,
  bodyText,
  closable = false,
  onClose,
  dismissForm,
  visibleMs = DEFAULT_NOTIFICATION_VISIBLE_MS,
  id,
  announced = true,
  takesFocus = false,
}: NotificationProps) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Arrived with a page the browser renders itself (JavaScript on): focused here, not by autofocus.
  const arrivedEnhanced = useRef(hydrated);
  useEffect(() => {
    // Only where nothing holds focus: the control that had it went with the page or step it belonged to.
    const focusIsLost = !document.activeElement || document.activeElement === document.body;
    if (takesFocus && arrivedEnhanced.current && focusIsLost) box.current?.focus();
  }, [takesFocus]);

  function dismiss() {
    setDismissed(true);
    onClose?.();
  }

  const timer = useDismissTimer(visibleMs, dismiss, hydrated && !dismissed);
  if (dismissed) return null;

  function handleDismissSubmit(event: FormEvent<HTMLFormElement>) {
    // With a handler the caller records the dismissal itself; without one the form posts.
    if (!onClose) return;
    event.preventDefault();
    dismiss();
  }

  const closeButton = (type: "submit" | "button") => (
    <IconButton
      type={type}
      icon="cross"
      iconSize="small"
      label={t("close")}
      className={styles.closeControl}
      onClick={type === "button" ? dismiss : undefined}
    />
  );

  return (
    <div
      ref={box}
      id={id}
      role={announced ? (type === "error" ? "alert" : "status") : undefined}
      tabIndex={takesFocus ? -1 : undefined}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- GOV.UK's pattern: the outcome of a form post takes focus
      autoFocus={takesFocus && !hydrated}
      className={styles.tone[type]}
      onMouseEnter={timer.pause}
      onMouseLeave={timer.resume}
      onFocus={timer.pause}
      onBlur={timer.resume}
    >
      <Icon name={type === "success" ? "check" : type} className={styles.typeIcon} />
      <div className={styles.texts}>
        {headerText ? <p className={styles.header}>{headerText}</p> : null}
        {bodyText ? <div className={styles.body}>{bodyText}</div> : null}
      </div>
      {closable && dismissForm ? (
        <form method="post" action={dismissForm.action} onSubmit={handleDismissSubmit}>
          {Object.entries(dismissForm.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {closeButton("submit")}
        </form>
      ) : closable && hydrated ? (
        closeButton("button")
      ) : null}
    </div>
  );
}

/** A form post the server refused (too many tries, not allowed, unavailable): it stays, and takes focus. */
export function RefusalNotice({ keyPrefix, refusal }: { keyPrefix: string; refusal?: { key: string; minutes?: number } }) {
  const { t } = useTranslation();
  if (!refusal) return null;
  return (
    <Notification type="error" visibleMs={0} takesFocus headerText={t(`${keyPrefix}.${refusal.key}`, { minutes: refusal.minutes ?? 0 })} />
  );
}
