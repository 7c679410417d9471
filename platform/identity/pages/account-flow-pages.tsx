import { renderPage } from "./document.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, type FieldError, Links, type PageLink, Notice, ProblemMessage, TextField } from "./parts.tsx";

/** A new password and its confirmation (registration and reset), never pre-filled. */
function NewPasswordFields({ labels, focusFirst }: { labels: { password: string; confirm: string; hint: string }; focusFirst?: boolean }) {
  return (
    <>
      <TextField
        id="password"
        type="password"
        label={labels.password}
        hint={labels.hint}
        autoComplete="new-password"
        focusFirst={focusFirst}
      />
      <TextField id="confirmPassword" type="password" label={labels.confirm} autoComplete="new-password" />
    </>
  );
}

function BackToSignIn({ locale, uid }: { locale: Locale; uid: string }) {
  return <Links links={[{ href: `/interaction/${uid}`, label: translator(locale)("form.backToSignIn") }]} />;
}

/** Registration form. Passwords are never echoed back into the page. */
export function renderRegisterPage(view: {
  locale: Locale;
  uid: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  errors?: FieldError[];
}): string {
  const t = translator(view.locale);
  const values = view.values ?? {};
  return renderPage(
    {
      locale: view.locale,
      title: t("register.title"),
      errors: view.errors,
      here: `/interaction/${view.uid}/register`,
      cancelUid: view.uid,
    },
    <>
      <form method="post" action={`/interaction/${view.uid}/register`} noValidate>
        <TextField id="email" type="email" label={t("form.emailLabel")} value={values.email} autoComplete="email" focusFirst />
        <TextField id="firstName" label={t("register.firstName")} value={values.firstName} autoComplete="given-name" />
        <TextField id="lastName" label={t("register.lastName")} value={values.lastName} autoComplete="family-name" />
        <NewPasswordFields labels={{ password: t("password.label"), confirm: t("password.confirmLabel"), hint: t("password.hint") }} />
        <Actions submit={t("register.submit")} />
      </form>
      <BackToSignIn locale={view.locale} uid={view.uid} />
    </>,
  );
}

/** After registering: open the e-mailed link, or type its code here (the originating browser). */
export function renderCheckEmailPage(view: {
  locale: Locale;
  uid: string;
  email: string;
  resendInSeconds: number;
  message?: string;
  errors?: FieldError[];
}): string {
  const t = translator(view.locale);
  const waiting = view.resendInSeconds > 0;
  return renderPage(
    {
      locale: view.locale,
      title: t("checkEmail.title"),
      errors: view.errors,
      here: `/interaction/${view.uid}/register`,
      cancelUid: view.uid,
    },
    <>
      <Notice message={view.message} />
      <p>{t("checkEmail.intro", { email: view.email })}</p>
      <form method="post" action={`/interaction/${view.uid}/register-code`} noValidate>
        <TextField
          id="code"
          label={t("checkEmail.code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder={t("challenge.placeholder", { codeDigits: 6 })}
          focusFirst
        />
        <Actions>
          <button type="submit" name="intent" value="verify">
            {t("checkEmail.submit")}
          </button>
          <button type="submit" name="intent" value="resend" className="secondary" aria-describedby={waiting ? "resend-wait" : undefined}>
            {t("checkEmail.resend")}
          </button>
        </Actions>
        {waiting ? (
          <p className="hint" id="resend-wait">
            {t("challenge.resendWait", { seconds: view.resendInSeconds })}
          </p>
        ) : null}
      </form>
      <BackToSignIn locale={view.locale} uid={view.uid} />
    </>,
  );
}

/** A page whose only content is one problem (refusals, bad links, expired flows, fallbacks). */
export function renderProblemPage(view: { locale: Locale; title: string; message: string; links: PageLink[] }): string {
  return renderPage(
    // The language switch loads the first way on (the flow's own page) in the other language.
    { locale: view.locale, title: view.title, here: view.links[0]?.href },
    <>
      <ProblemMessage message={view.message} />
      <Links links={view.links} />
    </>,
  );
}

/** The first page of recovery and unlock: the account's e-mail. */
export function renderEmailIdentifyPage(view: {
  locale: Locale;
  uid: string;
  kind: "recover" | "unlock";
  email?: string;
  errors?: FieldError[];
}) {
  const t = translator(view.locale);
  const action = `/interaction/${view.uid}/${view.kind}`;
  return renderPage(
    { locale: view.locale, title: t(`${view.kind}.title`), errors: view.errors, here: action, cancelUid: view.uid },
    <>
      <p>{t(`${view.kind}.intro`)}</p>
      <form method="post" action={action} noValidate>
        <TextField id="email" type="email" label={t("form.emailLabel")} value={view.email} autoComplete="username" focusFirst />
        <Actions submit={t("form.continue")} />
      </form>
      <BackToSignIn locale={view.locale} uid={view.uid} />
    </>,
  );
}

export function renderResetPasswordPage(view: { locale: Locale; uid: string; errors?: FieldError[]; message?: string }): string {
  const t = translator(view.locale);
  const action = `/interaction/${view.uid}/recover-password`;
  return renderPage(
    { locale: view.locale, title: t("reset.title"), errors: view.errors, here: action, cancelUid: view.uid },
    <>
      {view.message ? <ProblemMessage message={view.message} /> : null}
      <form method="post" action={action} noValidate>
        <NewPasswordFields labels={{ password: t("reset.password"), confirm: t("reset.confirm"), hint: t("password.hint") }} focusFirst />
        <Actions submit={t("reset.submit")} />
      </form>
      <BackToSignIn locale={view.locale} uid={view.uid} />
    </>,
  );
}
