import { renderPage } from "./document.tsx";
import { HumanCheckField } from "./human-check-field.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, type FieldError, Links, TextField } from "./parts.tsx";
import { type HumanCheckPart, humanCheckScript, SignInAsSomeoneElse } from "./sign-in-parts.tsx";

export function renderEnrolPage(view: { locale: Locale; uid: string; phone?: string; errors?: FieldError[] } & HumanCheckPart): string {
  const t = translator(view.locale);
  return renderPage(
    {
      locale: view.locale,
      title: t("enrol.title"),
      errors: view.errors,
      here: `/interaction/${view.uid}`,
      cancelUid: view.uid,
      ...humanCheckScript(view),
    },
    <>
      <p>{t("enrol.intro")}</p>
      <form method="post" action={`/interaction/${view.uid}/enrol`} noValidate>
        <TextField
          id="phoneNumber"
          type="tel"
          label={t("enrol.phone")}
          hint={t("enrol.phoneHint")}
          value={view.phone}
          autoComplete="tel"
          focusFirst
        />
        <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={t("enrol.submit")} />
        <Actions submit={t("enrol.submit")} />
      </form>
      <SignInAsSomeoneElse locale={view.locale} uid={view.uid} />
    </>,
  );
}

export function renderRecoveryCodePage(view: { locale: Locale; uid: string; errors?: FieldError[] }): string {
  const t = translator(view.locale);
  return renderPage(
    {
      locale: view.locale,
      title: t("recoveryCode.title"),
      errors: view.errors,
      here: `/interaction/${view.uid}/recovery-code`,
      cancelUid: view.uid,
    },
    <>
      <p>{t("recoveryCode.intro")}</p>
      <form method="post" action={`/interaction/${view.uid}/recovery-code`} noValidate>
        <TextField id="recoveryCode" label={t("recoveryCode.label")} hint={t("recoveryCode.hint")} autoComplete="off" focusFirst />
        <Actions submit={t("recoveryCode.submit")} />
      </form>
      <Links links={[{ href: `/interaction/${view.uid}?change=method`, label: t("recoveryCode.back") }]} />
      <SignInAsSomeoneElse locale={view.locale} uid={view.uid} />
    </>,
  );
}
