import { Link } from "react-router";
import { Button, type ButtonVariant } from "./button";
import * as styles from "./profile/profile.css";

export type FormActionsProps = {
  submitLabel: string;
  busy: boolean;
  variant?: ButtonVariant;
  /** Where 'Cancel' leads, for a form that can be left. */
  cancel?: { to: string; label: string };
};

/** A form's row of actions: its submit button, and a way back where there is one. */
export function FormActions({ submitLabel, busy, variant, cancel }: FormActionsProps) {
  return (
    <div className={styles.actions}>
      <Button type="submit" variant={variant} loading={busy}>
        {submitLabel}
      </Button>
      {cancel ? (
        <Link to={cancel.to} className={styles.textLink}>
          {cancel.label}
        </Link>
      ) : null}
    </div>
  );
}
