import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame, useFieldControl } from "./field-parts";
import { textArea } from "./text-area.css";
import { useZodField, type ZodField } from "./zod-form";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style" | "className"> & {
  label: ReactNode;
  hint?: ReactNode;
  field?: ZodField;
};

/** A longer answer, with the same label, hint and error as TextInput. */
export function TextArea({ label, hint, field, ...native }: TextAreaProps) {
  const bound = useZodField(field);
  const { controlId, control, described } = useFieldControl({ ...bound.props, ...native }, { hint, error: bound.error });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={bound.error}>
      <textarea key={bound.key} {...control} className={textArea} {...described} />
    </FieldFrame>
  );
}
