import { useId, type AriaAttributes, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import * as styles from "./field.css";

/** Whether an optional text prop has something to show (an empty string or false shows nothing). */
function isShown(content: ReactNode): boolean {
  return content !== undefined && content !== null && content !== false && content !== "";
}

/** Ids of the texts that describe a form control, derived from the control's id. */
function fieldTextIds(controlId: string) {
  return { hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

export type FieldTextsProps = { hint?: ReactNode; error?: ReactNode };

type DescribedControlProps = { id?: string } & Pick<AriaAttributes, "aria-describedby" | "aria-invalid">;

/** A control's props with its id (the caller's, or a generated one), and apart from them its ties to its hint and error. */
export function useFieldControl<P extends DescribedControlProps>(props: P, { hint, error }: FieldTextsProps) {
  const { id, "aria-describedby": callerDescribedBy, "aria-invalid": callerInvalid, ...rest } = props;
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const { hintId, errorId } = fieldTextIds(controlId);
  const hasError = isShown(error);
  const described: Pick<AriaAttributes, "aria-describedby" | "aria-invalid"> = {
    "aria-invalid": hasError ? true : callerInvalid,
    "aria-describedby": describedBy(isShown(hint) ? hintId : null, hasError ? errorId : null, callerDescribedBy),
  };
  return { controlId, control: { ...rest, id: controlId }, described };
}

/** A control's hint and its error, each shown only when there is one. */
export function FieldTexts({ controlId, hint, error }: FieldTextsProps & { controlId: string }) {
  const { t } = useTranslation("ui");
  const { hintId, errorId } = fieldTextIds(controlId);
  return (
    <>
      {isShown(hint) ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {/* The error is prefixed for screen readers so it is not mistaken for a hint. */}
      {isShown(error) ? (
        <span id={errorId} className={styles.errorMessage}>
          <span className={visuallyHidden}>{t("errorPrefix")}</span> {error}
        </span>
      ) : null}
    </>
  );
}

/** The frame of a typed field: its always-visible label, its hint and error, then the control. */
export function FieldFrame({
  controlId,
  label,
  hint,
  error,
  className,
  children,
}: FieldTextsProps & { controlId: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={classNames(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      <FieldTexts controlId={controlId} hint={hint} error={error} />
      {children}
    </div>
  );
}
