import { renderFormPage } from "./form-page.tsx";
import { HumanCheckField } from "./human-check-field.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, errorFor, type FieldError, Links, TextField } from "./parts.tsx";
import { type HumanCheckPart, humanCheckScript, SignInAsSomeoneElse } from "./sign-in-parts.tsx";

export function renderEnrolPage(view: { locale: Locale; uid: string; phone?: string; errors?: FieldError[] } & HumanCheckPart): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return renderFormPage(
    {
      locale: view.locale,
      title: t("enrol.title"),
      errors,
      here: `/interaction/${view.uid}`,
      cancelUid: view.uid,
      ...humanCheckScript(view),
    },
    <>
      <p>{t("enrol.intro")}</p>
      <form method="post" action={`/interaction/${view.uid}/enrol`} noValidate>
        <TextField
          id="phoneNumber"
          name="phoneNumber"
          type="tel"
          label={t("enrol.phone")}
          hint={t("enrol.phoneHint")}
          value={view.phone}
          error={errorFor(errors, "phoneNumber")}
          autoComplete="tel"
          focusFirst={errors.length === 0}
        />
        <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={t("enrol.submit")} />
        <Actions>
          <button type="submit">{t("enrol.submit")}</button>
        </Actions>
      </form>
      <SignInAsSomeoneElse locale={view.locale} uid={view.uid} />
    </>,
  );
}

export function renderRecoveryCodePage(view: { locale: Locale; uid: string; errors?: FieldError[] }): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return renderFormPage(
    {
      locale: view.locale,
      title: t("recoveryCode.title"),
      errors,
      here: `/interaction/${view.uid}/recovery-code`,
      cancelUid: view.uid,
    },
    <>
      <p>{t("recoveryCode.intro")}</p>
      <form method="post" action={`/interaction/${view.uid}/recovery-code`} noValidate>
        <TextField
          id="recoveryCode"
          name="recoveryCode"
          label={t("recoveryCode.label")}
          hint={t("recoveryCode.hint")}
          error={errorFor(errors, "recoveryCode")}
          autoComplete="off"
          focusFirst={errors.length === 0}
        />
        <Actions>
          <button type="submit">{t("recoveryCode.submit")}</button>
        </Actions>
      </form>
      <Links links={[{ href: `/interaction/${view.uid}?change=method`, label: t("recoveryCode.back") }]} />
      <SignInAsSomeoneElse locale={view.locale} uid={view.uid} />
    </>,
  );
}
