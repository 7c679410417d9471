import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import { FieldError, FieldHint, fieldTextIds, isShown } from "./field-parts";
import * as styles from "./field.css";

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** A value the participant cannot change here: read-only, with a muted look. */
  prefilled?: boolean;
  /** A one-time code: numeric keyboard and one-time-code autofill unless autoComplete is given. */
  code?: boolean;
  /** Class for the wrapper around label, hint, error and input. */
  fieldClassName?: string;
};

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  {
    label,
    hint,
    error,
    prefilled = false,
    code = false,
    fieldClassName,
    className,
    id,
    type = "text",
    autoComplete,
    inputMode,
    readOnly,
    "aria-describedby": callerDescribedBy,
    "aria-invalid": callerInvalid,
    ...rest
  },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const { hintId, errorId } = fieldTextIds(inputId);
  const hasError = isShown(error);
  return (
    <div className={classNames(styles.field, fieldClassName)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {isShown(hint) ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type={type}
        className={classNames(styles.input, className)}
        readOnly={prefilled || readOnly}
        autoComplete={autoComplete ?? (code ? "one-time-code" : undefined)}
        inputMode={inputMode ?? (code ? "numeric" : undefined)}
        spellCheck={code ? false : rest.spellCheck}
        aria-invalid={hasError ? true : callerInvalid}
        aria-describedby={describedBy(isShown(hint) ? hintId : null, hasError ? errorId : null, callerDescribedBy)}
      />
    </div>
  );
});
