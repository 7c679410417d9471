import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame, useFieldControl } from "./field-parts";
import { textArea } from "./text-area.css";
import { useZodField, type ZodField } from "./zod-form";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style" | "className"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  field?: ZodField;
};

/** A longer answer, with the same label, hint and error as TextInput. */
export function TextArea({ label, hint, error, field, ...native }: TextAreaProps) {
  const bound = useZodField(field);
  const shownError = error ?? bound.error;
  const { controlId, control, described } = useFieldControl({ ...bound.props, ...native }, { hint, error: shownError });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={shownError}>
      <textarea key={bound.key} {...control} className={textArea} {...described} />
    </FieldFrame>
  );
}
