import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { classNames } from "./class-names";
import { FieldFrame, useFieldControl } from "./field-parts";
import { textArea } from "./text-area.css";
import { useZodField, type ZodField } from "./zod-form";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  field?: ZodField;
};

/** A longer answer, with the same label, hint and error as TextInput. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, field, className, ...native },
  ref,
) {
  const bound = useZodField(field);
  const shownError = error ?? bound.error;
  const { controlId, control, described } = useFieldControl({ ...bound.props, ...native }, { hint, error: shownError });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={shownError}>
      <textarea key={bound.key} {...control} ref={ref} className={classNames(textArea, className)} {...described} />
    </FieldFrame>
  );
});
