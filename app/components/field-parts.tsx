import type { ReactNode } from "react";
import { useTranslation } from "~/i18n-react";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./field.css";

/** Whether an optional text prop has something to show (an empty string or false shows nothing). */
export function isShown(content: ReactNode): boolean {
  return content !== undefined && content !== null && content !== false && content !== "";
}

/** Ids of the texts that describe a form control, derived from the control's id. */
export function fieldTextIds(controlId: string) {
  return { hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={id} className={styles.hint}>
      {children}
    </span>
  );
}

/** An inline error, prefixed for screen readers so it is not mistaken for a hint. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation("ui");
  return (
    <span id={id} className={styles.errorMessage}>
      <span className={visuallyHidden}>{t("errorPrefix")}</span> {children}
    </span>
  );
}
