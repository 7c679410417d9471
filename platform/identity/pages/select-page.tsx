import type { HumanCheckView } from "../captcha/human-check.ts";
import type { Channel } from "../domain/codes.ts";
import { renderPage } from "./document.tsx";
import { HumanCheckField } from "./human-check-field.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, type FieldError, Links, Notice } from "./parts.tsx";
import { humanCheckScript, PasskeyPart, passkeyScripts, SignInAsSomeoneElse } from "./sign-in-parts.tsx";

export function renderSelectAuthenticatorPage(view: {
  locale: Locale;
  uid: string;
  action: string;
  maskedPhone: string;
  methods: Array<Channel | "totp">;
  errors?: FieldError[];
  /** Replaces the sentence naming the phone (flows that must not reveal an account). */
  intro?: string;
  backHref?: string;
  recoveryHref?: string;
  /** The method to show chosen (default: the first). */
  chosen?: Channel | "totp";
  /** Why nothing was sent yet (e.g. when a new code can be sent). */
  message?: string;
  /** The response's nonce when the account has a passkey to offer (a code could not be sent). */
  passkeyNonce?: string;
  /** The security check, when each code sent from this page needs one (recovery without a password). */
  humanCheck?: HumanCheckView;
  /** Why the check is asked (default: after many failures). */
  humanCheckWhy?: string;
  nonce?: string;
  here?: string;
  /** In the sign-in itself (not recovery): offer 'Sign in as someone else'. */
  restart?: boolean;
}): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const chosen = view.chosen && view.methods.includes(view.chosen) ? view.chosen : view.methods[0];
  const submitLabel = t(view.methods.includes("totp") ? "select.continue" : "select.submit");
  const idOf = (method: Channel | "totp", index: number) => (index === 0 ? "authMethod" : `authMethod-${method}`);
  return renderPage(
    {
      locale: view.locale,
      title: t("select.title"),
      errors,
      here: view.here ?? `/interaction/${view.uid}`,
      cancelUid: view.uid,
      ...humanCheckScript(view),
      ...passkeyScripts(view.passkeyNonce),
    },
    <>
      <Notice message={view.message} />
      <p>{view.intro ?? t("select.intro", { phone: view.maskedPhone })}</p>
      {view.methods.length === 0 ? null : (
        <form method="post" action={view.action} noValidate>
          <fieldset className={errors.length ? "field-error" : undefined}>
            {/* An app's code is not sent: with the app offered, the question is how to confirm. */}
            <legend>{t(view.methods.includes("totp") ? "select.legendFactors" : "select.legend")}</legend>
            {view.methods.map((method, index) => (
              <div className="choice" key={method}>
                <input type="radio" id={idOf(method, index)} name="authMethod" value={method} defaultChecked={method === chosen} />
                <label htmlFor={idOf(method, index)}>{t(`select.${method}`)}</label>
              </div>
            ))}
          </fieldset>
          <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={submitLabel} why={view.humanCheckWhy} />
          <Actions submit={submitLabel} />
        </form>
      )}
      {view.passkeyNonce ? <PasskeyPart locale={view.locale} uid={view.uid} /> : null}
      <Links
        links={[
          view.recoveryHref ? { href: view.recoveryHref, label: t("select.useRecoveryCode") } : null,
          view.backHref ? { href: view.backHref, label: t("form.backToSignIn") } : null,
        ]}
      />
      {view.restart ? <SignInAsSomeoneElse locale={view.locale} uid={view.uid} /> : null}
    </>,
  );
}
