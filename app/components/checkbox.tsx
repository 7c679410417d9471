import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import * as styles from "./choice.css";
import { classNames } from "./class-names";
import { FieldTexts, useFieldControl } from "./field-parts";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  fieldClassName?: string;
};

/** A native checkbox with its label beside it; the browser keeps a disabled one from toggling. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hint, error, fieldClassName, className, disabled, ...native },
  ref,
) {
  const { controlId, control, described } = useFieldControl(native, { hint, error });
  return (
    <div className={classNames(styles.choice, fieldClassName)}>
      <input
        {...control}
        ref={ref}
        type="checkbox"
        disabled={disabled}
        className={classNames(styles.choiceInput, className)}
        {...described}
      />
      <span className={styles.choiceTexts}>
        <label htmlFor={controlId} className={classNames(styles.choiceLabel, disabled && styles.choiceLabelDisabled)}>
          {label}
        </label>
        <FieldTexts controlId={controlId} hint={hint} error={error} />
      </span>
    </div>
  );
});
