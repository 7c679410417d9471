import { renderPage } from "./document.tsx";
import { HumanCheckField } from "./human-check-field.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, type FieldError, Links, Notice, TextField } from "./parts.tsx";
import { type HumanCheckPart, humanCheckScript, PasskeyPart, passkeyScripts } from "./sign-in-parts.tsx";

export interface IdentifyView extends HumanCheckPart {
  locale: Locale;
  uid: string;
  username?: string;
  remember?: boolean;
  errors?: FieldError[];
  /** A confirmation shown above the form (e.g. after an unlock). */
  message?: string;
  links: { register?: string; recover: string; unlock?: string };
  /** Too many wrong passwords in a row: the password must be reset first (a link to 'Forgot password?' under the error). */
  passwordCapped?: boolean;
}

export function renderIdentifyPage(view: IdentifyView): string {
  const t = translator(view.locale);
  return renderPage(
    {
      locale: view.locale,
      title: t("identify.title"),
      errors: view.errors,
      here: `/interaction/${view.uid}`,
      ...humanCheckScript(view),
      ...passkeyScripts(view.nonce),
    },
    <>
      <Notice message={view.message} />
      {view.passwordCapped ? (
        <p className="reset-needed">
          <a href={view.links.recover}>{t("identify.resetPasswordLink")}</a>
        </p>
      ) : null}
      <form method="post" action={`/interaction/${view.uid}/identify`} noValidate>
        <TextField id="username" type="email" label={t("identify.username")} value={view.username} autoComplete="username" focusFirst />
        <TextField id="password" type="password" label={t("identify.password")} autoComplete="current-password" />
        <div className="choice">
          <input
            type="checkbox"
            id="rememberMe"
            name="rememberMe"
            value="true"
            aria-describedby="rememberMe-hint"
            defaultChecked={view.remember}
          />
          <label htmlFor="rememberMe">{t("identify.rememberMe")}</label>
        </div>
        <p className="hint" id="rememberMe-hint">
          {t("identify.rememberMeHint")}
        </p>
        <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={t("identify.submit")} />
        <Actions submit={t("identify.submit")} />
      </form>
      {view.nonce ? <PasskeyPart locale={view.locale} uid={view.uid} /> : null}
      <Links
        links={[
          view.links.register ? { href: view.links.register, label: t("identify.createAccount") } : null,
          { href: view.links.recover, label: t("identify.forgotPassword") },
          view.links.unlock ? { href: view.links.unlock, label: t("identify.unlockAccount") } : null,
        ]}
      />
    </>,
  );
}
