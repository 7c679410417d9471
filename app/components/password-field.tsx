import { forwardRef, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n-react";
import { classNames } from "./class-names";
import { describedBy } from "./described-by";
import { FieldError, FieldHint, fieldTextIds, isShown } from "./field-parts";
import * as styles from "./field.css";
import { IconButton } from "./icon-button";
import type { TextInputProps } from "./text-input";
import { useHydrated } from "./use-hydrated";

export type PasswordFieldProps = Omit<TextInputProps, "type" | "code" | "prefilled"> & {
  label: ReactNode;
};

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  {
    label,
    hint,
    error,
    fieldClassName,
    className,
    id,
    autoComplete = "current-password",
    "aria-describedby": callerDescribedBy,
    "aria-invalid": callerInvalid,
    ...rest
  },
  forwardedRef,
) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const { hintId, errorId } = fieldTextIds(inputId);
  const hasError = isShown(error);

  // Hide the password again when its form is sent, so the browser never stores it as plain text.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const hide = () => setVisible(false);
    form.addEventListener("submit", hide);
    return () => form.removeEventListener("submit", hide);
  }, [hydrated]);

  function setRefs(element: HTMLInputElement | null) {
    inputRef.current = element;
    if (typeof forwardedRef === "function") forwardedRef(element);
    else if (forwardedRef) forwardedRef.current = element;
  }

  return (
    <div className={classNames(styles.field, fieldClassName)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {isShown(hint) ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className={styles.inputWithAction}>
        <input
          {...rest}
          ref={setRefs}
          id={inputId}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={classNames(styles.input, hydrated && styles.inputBesideAction, className)}
          aria-invalid={hasError ? true : callerInvalid}
          aria-describedby={describedBy(isShown(hint) ? hintId : null, hasError ? errorId : null, callerDescribedBy)}
        />
        {hydrated ? (
          <IconButton
            className={styles.action}
            icon="eye"
            label={t("showPassword")}
            toggledIcon="eyeCrossed"
            toggledLabel={t("hidePassword")}
            pressed={visible}
            aria-controls={inputId}
            onClick={() => setVisible((current) => !current)}
          />
        ) : null}
      </div>
    </div>
  );
});
