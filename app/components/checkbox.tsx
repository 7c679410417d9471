import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import * as styles from "./choice.css";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import { FieldError, FieldHint, fieldTextIds, isShown } from "./field-parts";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  fieldClassName?: string;
};

/** A native checkbox with its label beside it; the browser keeps a disabled one from toggling. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  {
    label,
    hint,
    error,
    fieldClassName,
    className,
    id,
    disabled,
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
    <div className={classNames(styles.choice, fieldClassName)}>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="checkbox"
        disabled={disabled}
        className={classNames(styles.choiceInput, className)}
        aria-invalid={hasError ? true : callerInvalid}
        aria-describedby={describedBy(isShown(hint) ? hintId : null, hasError ? errorId : null, callerDescribedBy)}
      />
      <span className={styles.choiceTexts}>
        <label htmlFor={inputId} className={classNames(styles.choiceLabel, disabled && styles.choiceLabelDisabled)}>
          {label}
        </label>
        {isShown(hint) ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
        {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
      </span>
    </div>
  );
});
