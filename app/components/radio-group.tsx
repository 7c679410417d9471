import type { ChangeEvent, ReactNode } from "react";
import * as styles from "./choice.css";
import { classNames } from "./class-names";
import { FieldTexts, useFieldControl } from "./field-parts";
import { useZodField, type ZodField } from "./zod-form";

export type RadioGroupProps = {
  legend: ReactNode;
  /** Required unless `field` gives it. */
  name?: string;
  options: readonly { value: string; label: ReactNode }[];
  /** The first radio gets exactly this id, so an error summary's link lands on the group. */
  id?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** The conform field it shows: its id, name, chosen value (else `defaultValue`), key and translated error come from it. */
  field?: ZodField;
};

export function RadioGroup({ legend, name, options, id, defaultValue, onChange, hint, error, disabled, field }: RadioGroupProps) {
  const bound = useZodField(field);
  const shownError = error ?? bound.error;
  const initial = typeof field?.initialValue === "string" ? field.initialValue : defaultValue;
  const { controlId: groupId, described } = useFieldControl({ id: id ?? field?.id }, { hint, error: shownError });
  const radioId = (index: number) => (index === 0 ? groupId : `${groupId}-${index}`);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (event.target.checked) onChange?.(event.target.value);
  }

  return (
    <fieldset key={bound.key} role="radiogroup" {...described} className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <FieldTexts controlId={groupId} hint={hint} error={shownError} />
      {options.map((option, index) => (
        <div key={option.value} className={styles.choice}>
          <input
            id={radioId(index)}
            type="radio"
            name={name ?? field?.name}
            value={option.value}
            className={styles.choiceInput}
            defaultChecked={option.value === initial}
            onChange={handleChange}
          />
          <label htmlFor={radioId(index)} className={classNames(styles.choiceLabel, disabled && styles.choiceLabelDisabled)}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
