import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n-react";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import { FieldError, FieldHint, fieldTextIds, isShown } from "./field-parts";
import * as fieldStyles from "./field.css";
import { Icon } from "./icon";
import { indexAfterKey, indexStartingWith, isTypeaheadKey } from "./listbox-navigation";
import * as styles from "./select.css";
import { useHydrated } from "./use-hydrated";

/** `key` is the label shown; `value` is what the form sends and onChange reports. */
export type SelectOption = { key: string; value: string };

export type SelectProps = {
  label: ReactNode;
  name: string;
  options: readonly SelectOption[];
  id?: string;
  defaultValue?: string;
  /** Makes the select controlled; pair with onChange. */
  value?: string;
  onChange?: (value: string) => void;
  /** Text shown while nothing is chosen; also offered as an empty first option without JavaScript. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  form?: string;
  fieldClassName?: string;
};

/**
 * A native <select> on the server and without JavaScript; once the page is interactive it
 * becomes a button that opens a styled listbox, with a hidden input carrying the value.
 */
export function Select(props: SelectProps) {
  const hydrated = useHydrated();
  const generatedId = useId();
  const controlId = props.id ?? generatedId;
  const { hintId, errorId } = fieldTextIds(controlId);
  const hasError = isShown(props.error);
  const descriptionIds = describedBy(isShown(props.hint) ? hintId : null, hasError ? errorId : null);

  return (
    <div className={classNames(fieldStyles.field, props.fieldClassName)}>
      {hydrated ? (
        // Not a <label for>: the listbox button is named by aria-labelledby (label + current choice).
        <span id={`${controlId}-label`} className={fieldStyles.label} onClick={() => document.getElementById(controlId)?.focus()}>
          {props.label}
        </span>
      ) : (
        <label htmlFor={controlId} className={fieldStyles.label}>
          {props.label}
        </label>
      )}
      {isShown(props.hint) ? <FieldHint id={hintId}>{props.hint}</FieldHint> : null}
      {hasError ? <FieldError id={errorId}>{props.error}</FieldError> : null}
      {hydrated ? (
        <ListboxSelect {...props} controlId={controlId} invalid={hasError} descriptionIds={descriptionIds} />
      ) : (
        <select
          id={controlId}
          name={props.name}
          form={props.form}
          defaultValue={props.value ?? props.defaultValue ?? (props.placeholder ? "" : undefined)}
          disabled={props.disabled}
          required={props.required}
          className={styles.nativeSelect}
          aria-invalid={hasError ? true : undefined}
          aria-describedby={descriptionIds}
        >
          {props.placeholder ? <option value="">{props.placeholder}</option> : null}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.key}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function optionId(controlId: string, index: number) {
  return `${controlId}-option-${index}`;
}

type ListboxSelectProps = SelectProps & {
  controlId: string;
  invalid: boolean;
  descriptionIds: string | undefined;
};

function ListboxSelect({
  name,
  options,
  defaultValue,
  value,
  onChange,
  placeholder,
  disabled,
  required,
  form,
  controlId,
  invalid,
  descriptionIds,
}: ListboxSelectProps) {
  const { t, i18n } = useTranslation("ui");
  const [ownValue, setOwnValue] = useState(defaultValue ?? "");
  const selectedValue = value ?? ownValue;
  const selectedIndex = options.findIndex((option) => option.value === selectedValue);
  const [expanded, setExpanded] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const labelId = `${controlId}-label`;
  const listId = `${controlId}-listbox`;
  const labels = options.map((option) => option.key);

  useEffect(() => {
    if (expanded) listRef.current?.focus();
  }, [expanded]);

  useEffect(() => {
    if (!expanded || activeIndex < 0) return;
    // scrollIntoView is missing in some environments (and in jsdom).
    document.getElementById(optionId(controlId, activeIndex))?.scrollIntoView?.({ block: "nearest" });
  }, [expanded, activeIndex, controlId]);

  function commit(index: number) {
    const option = options[index];
    if (!option) return;
    if (value === undefined) setOwnValue(option.value);
    if (option.value !== selectedValue) onChange?.(option.value);
  }

  function open(startIndex = selectedIndex >= 0 ? selectedIndex : 0) {
    setActiveIndex(startIndex);
    setExpanded(true);
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setExpanded(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      open();
    } else if (isTypeaheadKey(event)) {
      // Like a native select: typing on the closed control picks the matching option.
      const match = indexStartingWith(labels, event.key, i18n.language);
      if (match >= 0) commit(match);
    }
  }

  function handleListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const moved = indexAfterKey(event.key, activeIndex, options.length);
    if (moved !== null) {
      event.preventDefault();
      setActiveIndex(moved);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      commit(activeIndex);
      close({ returnFocus: true });
    } else if (event.key === "Escape") {
      // Keep Escape from also closing a modal that contains this select.
      event.preventDefault();
      event.stopPropagation();
      close({ returnFocus: true });
    } else if (event.key === "Tab") {
      close({ returnFocus: false });
    } else if (isTypeaheadKey(event)) {
      const match = indexStartingWith(labels, event.key, i18n.language);
      if (match >= 0) setActiveIndex(match);
    }
  }

  const selected = options[selectedIndex];
  return (
    <div className={styles.wrapper}>
      <input type="hidden" name={name} value={selectedValue} form={form} />
      <button
        ref={buttonRef}
        id={controlId}
        type="button"
        className={styles.trigger}
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-labelledby={`${labelId} ${controlId}`}
        aria-describedby={descriptionIds}
        aria-invalid={invalid ? true : undefined}
        aria-required={required ? true : undefined}
        onClick={() => (expanded ? close({ returnFocus: false }) : open())}
        onKeyDown={handleButtonKeyDown}
      >
        <span className={selected ? undefined : styles.placeholder}>
          {selected ? selected.key : (placeholder ?? t("selectPlaceholder"))}
        </span>
        <Icon name="chevron-down" className={styles.chevron} />
      </button>
      {expanded ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          className={styles.listbox}
          aria-labelledby={labelId}
          aria-activedescendant={activeIndex >= 0 ? optionId(controlId, activeIndex) : undefined}
          onKeyDown={handleListKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) {
              close({ returnFocus: false });
            }
          }}
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(controlId, index)}
              role="option"
              aria-selected={index === activeIndex}
              className={classNames(styles.option, index === activeIndex && styles.activeOption)}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => {
                commit(index);
                close({ returnFocus: true });
              }}
            >
              {option.key}
              {index === selectedIndex ? <Icon name="check" size="small" className={styles.selectedMark} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
