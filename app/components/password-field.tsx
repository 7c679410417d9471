import { forwardRef, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { classNames } from "./class-names";
import { FieldFrame, useFieldControl } from "./field-parts";
import * as styles from "./field.css";
import { IconButton } from "./icon-button";
import type { TextInputProps } from "./text-input";
import { useHydrated } from "./use-hydrated";
import { useZodField } from "./zod-form";

export type PasswordFieldProps = Omit<TextInputProps, "type" | "code" | "prefilled"> & {
  label: ReactNode;
};

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, hint, error, field, fieldClassName, className, autoComplete = "current-password", ...native },
  forwardedRef,
) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const bound = useZodField(field);
  const shownError = error ?? bound.error;
  const { controlId, control, described } = useFieldControl({ ...bound.props, ...native }, { hint, error: shownError });

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
    <FieldFrame controlId={controlId} label={label} hint={hint} error={shownError} className={fieldClassName}>
      <div className={styles.inputWithAction}>
        <input
          key={bound.key}
          {...control}
          ref={setRefs}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={classNames(styles.input, hydrated && styles.inputBesideAction, className)}
          {...described}
        />
        {hydrated ? (
          <IconButton
            className={styles.action}
            icon="eye"
            label={t("showPassword")}
            toggledIcon="eyeCrossed"
            toggledLabel={t("hidePassword")}
            pressed={visible}
            aria-controls={controlId}
            onClick={() => setVisible((current) => !current)}
          />
        ) : null}
      </div>
    </FieldFrame>
  );
});
