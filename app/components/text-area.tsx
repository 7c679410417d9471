import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { classNames } from "./class-names";
import { FieldFrame, useFieldControl } from "./field-parts";
import { textArea } from "./text-area.css";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A longer answer, with the same label, hint and error as TextInput. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, className, ...native },
  ref,
) {
  const { controlId, control, described } = useFieldControl(native, { hint, error });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error}>
      <textarea {...control} ref={ref} className={classNames(textArea, className)} {...described} />
    </FieldFrame>
  );
});
