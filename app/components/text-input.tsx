import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldFrame, useFieldControl } from "./field-parts";
import * as styles from "./field.css";
import { useZodField, type ZodField } from "./zod-form";

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "style" | "className"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** A value the participant cannot change here: read-only, with a muted look. */
  prefilled?: boolean;
  /** A one-time code: numeric keyboard and one-time-code autofill unless autoComplete is given. */
  code?: boolean;
  /** Class for the wrapper around label, hint, error and input. */
  fieldClassName?: string;
  /** The conform field it shows: its name, value, key and translated error come from it. */
  field?: ZodField;
};

export function TextInput({
  label,
  hint,
  error,
  field,
  prefilled = false,
  code = false,
  fieldClassName,
  type = "text",
  autoComplete,
  inputMode,
  readOnly,
  ...native
}: TextInputProps) {
  const bound = useZodField(field);
  const shownError = error ?? bound.error;
  const { controlId, control, described } = useFieldControl({ ...bound.props, ...native }, { hint, error: shownError });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={shownError} className={fieldClassName}>
      <input
        key={bound.key}
        {...control}
        type={type}
        className={styles.input}
        readOnly={prefilled || readOnly}
        autoComplete={autoComplete ?? (code ? "one-time-code" : undefined)}
        inputMode={inputMode ?? (code ? "numeric" : undefined)}
        spellCheck={code ? false : native.spellCheck}
        {...described}
      />
    </FieldFrame>
  );
}
