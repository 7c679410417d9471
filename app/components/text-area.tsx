import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import { FieldError, FieldHint, fieldTextIds, isShown } from "./field-parts";
import * as styles from "./field.css";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  fieldClassName?: string;
};

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    hint,
    error,
    fieldClassName,
    className,
    id,
    rows = 5,
    "aria-describedby": callerDescribedBy,
    "aria-invalid": callerInvalid,
    ...rest
  },
  ref,
) {
  const generatedId = useId();
  const textAreaId = id ?? generatedId;
  const { hintId, errorId } = fieldTextIds(textAreaId);
  const hasError = isShown(error);
  return (
    <div className={classNames(styles.field, fieldClassName)}>
      <label htmlFor={textAreaId} className={styles.label}>
        {label}
      </label>
      {isShown(hint) ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
      <textarea
        {...rest}
        ref={ref}
        id={textAreaId}
        rows={rows}
        className={classNames(styles.textArea, className)}
        aria-invalid={hasError ? true : callerInvalid}
        aria-describedby={describedBy(isShown(hint) ? hintId : null, hasError ? errorId : null, callerDescribedBy)}
      />
    </div>
  );
});
