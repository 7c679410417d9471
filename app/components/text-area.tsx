import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import { FieldError, FieldHint, fieldTextIds, isShown } from "./field-parts";
import * as styles from "./field.css";
import { textArea } from "./text-area.css";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A longer answer, with the same label, hint and error as TextInput. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, className, id, "aria-describedby": callerDescribedBy, "aria-invalid": callerInvalid, ...rest },
  ref,
) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const { hintId, errorId } = fieldTextIds(controlId);
  const hasError = isShown(error);
  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {isShown(hint) ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
      <textarea
        {...rest}
        ref={ref}
        id={controlId}
        className={classNames(textArea, className)}
        aria-invalid={hasError ? true : callerInvalid}
        aria-describedby={describedBy(isShown(hint) ? hintId : null, hasError ? errorId : null, callerDescribedBy)}
      />
    </div>
  );
});
