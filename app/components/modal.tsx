import { useEffect, useId, useRef, type MouseEvent as ReactMouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { classNames } from "./class-names";
import { Icon } from "./icon";
import { IconButton } from "./icon-button";
import { iconButton } from "./icon-button.css";
import * as styles from "./modal.css";
import { useHydrated } from "./use-hydrated";

export type ModalSize = keyof typeof styles.size;

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  size?: ModalSize;
  /** Called when the participant asks to close (Escape, close control, backdrop click). */
  onClose?: () => void;
  /** Where the close link points, so a server-rendered modal closes without JavaScript (and with it, without onClose). */
  closeHref?: string;
  /** No close control, and Escape or a backdrop click do nothing. */
  locked?: boolean;
  children: ReactNode;
};

export function Modal({ open, title, size = "medium", onClose, closeHref, locked = false, children }: ModalProps) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressStartedOnBackdrop = useRef(false);

  // Latest values for the native event listeners, which are attached once per opening.
  const latest = useRef({ locked, onClose, closeHref });
  useEffect(() => {
    latest.current = { locked, onClose, closeHref };
  });

  function requestClose() {
    const current = latest.current;
    if (current.locked) return;
    if (current.onClose) current.onClose();
    else if (current.closeHref) window.location.assign(current.closeHref);
    else dialogRef.current?.close();
  }

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !hydrated || !open) return;

    const returnFocusTo =
      document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement) ? document.activeElement : null;
    // A server-rendered modal is open but not modal; reopen it modally so the page behind is inert.
    if (dialog.open) dialog.close();
    dialog.showModal();

    function handleCancel(event: Event) {
      event.preventDefault();
      requestClose();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      // Stopping the key here also stops browsers that skip `cancel` after a cancelled one.
      event.preventDefault();
      requestClose();
    }
    function handleClose() {
      // Closed by other means (e.g. a form with method="dialog"): keep a locked modal open.
      if (latest.current.locked && dialog && !dialog.open) dialog.showModal();
    }
    const listening = new AbortController();
    dialog.addEventListener("cancel", handleCancel, { signal: listening.signal });
    dialog.addEventListener("keydown", handleKeyDown, { signal: listening.signal });
    dialog.addEventListener("close", handleClose, { signal: listening.signal });

    return () => {
      listening.abort();
      if (dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
    // requestClose reads `latest`, so the listeners need not be re-attached when props change.
  }, [open, hydrated]);

  function handlePointerDown(event: ReactMouseEvent<HTMLDialogElement>) {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleClick(event: ReactMouseEvent<HTMLDialogElement>) {
    const onBackdrop = event.target === event.currentTarget && pressStartedOnBackdrop.current;
    pressStartedOnBackdrop.current = false;
    if (onBackdrop) requestClose();
  }

  function handleCloseLinkClick(event: ReactMouseEvent<HTMLAnchorElement>) {
    if (!onClose) return; // let the browser follow closeHref
    event.preventDefault();
    onClose();
  }

  return (
    // Pointer handlers only close on a backdrop click; the keyboard closes the dialog with Escape (its cancel event).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      // After hydration the dialog is opened and closed imperatively (showModal / close).
      open={hydrated ? undefined : open}
      aria-labelledby={titleId}
      className={classNames(styles.dialog, styles.size[size])}
      onMouseDown={handlePointerDown}
      onClick={handleClick}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {locked ? null : closeHref ? (
            <a
              href={closeHref}
              className={classNames(iconButton, styles.closeControl)}
              aria-label={t("close")}
              onClick={handleCloseLinkClick}
            >
              <Icon name="cross" />
            </a>
          ) : hydrated ? (
            <IconButton icon="cross" label={t("close")} className={styles.closeControl} onClick={requestClose} />
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
