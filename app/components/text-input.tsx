import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { classNames } from "./class-names";
import { FieldFrame, useFieldControl } from "./field-parts";
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
    type = "text",
    autoComplete,
    inputMode,
    readOnly,
    ...native
  },
  ref,
) {
  const { controlId, control, described } = useFieldControl(native, { hint, error });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error} className={fieldClassName}>
      <input
        {...control}
        ref={ref}
        type={type}
        className={classNames(styles.input, className)}
        readOnly={prefilled || readOnly}
        autoComplete={autoComplete ?? (code ? "one-time-code" : undefined)}
        inputMode={inputMode ?? (code ? "numeric" : undefined)}
        spellCheck={code ? false : native.spellCheck}
        {...described}
      />
    </FieldFrame>
  );
});
