import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { classNames } from "./class-names";
import { FieldFrame, useFieldControl } from "./field-parts";
import * as styles from "./field.css";
import { IconButton } from "./icon-button";
import type { TextInputProps } from "./text-input";
import { useHydrated } from "./use-hydrated";
import { useZodField } from "./zod-form";

export type PasswordFieldProps = Omit<TextInputProps, "type" | "code" | "prefilled" | "fieldClassName">;

export function PasswordField({ label, hint, error, field, autoComplete = "current-password", ...native }: PasswordFieldProps) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
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

  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={shownError}>
      <div className={styles.inputWithAction}>
        <input
          key={bound.key}
          {...control}
          ref={inputRef}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={classNames(styles.input, hydrated && styles.inputBesideAction)}
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
}
