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
  { label, hint, error, className, id, "aria-describedby": callerDescribedBy, "aria-invalid": callerInvalid, ...rest },
  ref,
) {
  const { controlId, described } = useFieldControl({
    id,
    hint,
    error,
    "aria-describedby": callerDescribedBy,
    "aria-invalid": callerInvalid,
  });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error}>
      <textarea {...rest} ref={ref} id={controlId} className={classNames(textArea, className)} {...described} />
    </FieldFrame>
  );
});
