import type { InputHTMLAttributes, ReactNode } from "react";
import * as styles from "./choice.css";
import { classNames } from "./class-names";
import { FieldTexts, useFieldControl } from "./field-parts";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "style" | "className"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A native checkbox with its label beside it; the browser keeps a disabled one from toggling. */
export function Checkbox({ label, hint, error, disabled, ...native }: CheckboxProps) {
  const { controlId, control, described } = useFieldControl(native, { hint, error });
  return (
    <div className={styles.choice}>
      <input {...control} type="checkbox" disabled={disabled} className={styles.choiceInput} {...described} />
      <span className={styles.choiceTexts}>
        <label htmlFor={controlId} className={classNames(styles.choiceLabel, disabled && styles.choiceLabelDisabled)}>
          {label}
        </label>
        <FieldTexts controlId={controlId} hint={hint} error={error} />
      </span>
    </div>
  );
}
