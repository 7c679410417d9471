import { type Channel, codeLength } from "../domain/codes.ts";
import { CodeHelp, type OtherWay } from "./code-help.tsx";
import { DeliveryProblem, type DeliveryProblemView } from "./delivery-problem.tsx";
import { renderPage } from "./document.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, type FieldError, Links, Notice, TextField } from "./parts.tsx";
import { SignInAsSomeoneElse } from "./sign-in-parts.tsx";

export interface ChallengeView {
  locale: Locale;
  action: string;
  changeMethodHref?: string;
  /** While enrolling a phone: back to the number step, to correct a mistyped number. */
  changeNumberHref?: string;
  /** What the participant typed, shown again after a validation error (a code that was checked is not). */
  code?: string;
  /** A text, a call, or the authenticator app (no code is sent: no resend). */
  channel: Channel | "totp";
  maskedPhone: string;
  resendInSeconds: number;
  recoveryHref?: string;
  message?: string;
  errors?: FieldError[];
  /** Replaces the sentence naming the phone (flows that must not reveal an account). */
  intro?: string;
  /** The page itself again (a GET): without JavaScript, how to see whether a new code can be asked for. */
  checkHref?: string;
  nonce?: string;
  /** A spent sending budget refused the last code: 'Resend code' is not offered on this answer. */
  resendRefused?: boolean;
  /** For 'Didn't get a code?': the account's other ways (only those it has). */
  otherWays?: readonly OtherWay[];
  /** For 'Didn't get a code?': the portal's Login & Security, where the number is changed. */
  securityHref?: string;
  /** In the sign-in itself (not recovery): the interaction, to offer 'Sign in as someone else'. */
  restartUid?: string;
  cancelUid?: string;
  /** The code's text or call did not reach the participant: said at the top, with their other ways. */
  deliveryProblem?: Omit<DeliveryProblemView, "locale" | "maskedPhone">;
  /** The code was handed to the provider and no report has come yet: 'Didn't get a code?' offers to look again. */
  deliveryPending?: boolean;
}

/** While the resend lock holds, the button is disabled; with JavaScript the seconds count down, without it a link reloads to check. */
const RESEND_COUNTDOWN = `(() => {
  const wait = document.getElementById("resend-wait");
  const button = document.getElementById("resend-code");
  if (!wait || !button) return;
  document.getElementById("resend-check")?.setAttribute("hidden", "");
  let seconds = Number(wait.dataset.seconds);
  const timer = setInterval(() => {
    seconds -= 1;
    if (seconds > 0) {
      wait.textContent = wait.dataset.template.replace("{seconds}", String(seconds));
      return;
    }
    clearInterval(timer);
    button.disabled = false;
    wait.textContent = wait.dataset.ready;
  }, 1000);
})();`;

export function renderChallengePage(view: ChallengeView): string {
  const t = translator(view.locale);
  const fromApp = view.channel === "totp";
  const digits = view.channel === "totp" ? 6 : codeLength(view.channel);
  const waiting = !fromApp && !view.resendRefused && view.resendInSeconds > 0;
  const intro = fromApp
    ? t("challenge.introTotp")
    : view.deliveryProblem
      ? t("challenge.introNotSent")
      : t(view.channel === "voice" ? "challenge.introVoice" : "challenge.introSms", { phone: view.maskedPhone });
  return renderPage(
    {
      locale: view.locale,
      title: t("challenge.title"),
      errors: view.errors,
      here: view.checkHref,
      cancelUid: view.cancelUid,
      nonce: view.nonce,
      script: waiting ? RESEND_COUNTDOWN : undefined,
    },
    <>
      {view.deliveryProblem ? <DeliveryProblem locale={view.locale} maskedPhone={view.maskedPhone} {...view.deliveryProblem} /> : null}
      <Notice message={view.message} />
      <p>{view.intro ?? intro}</p>
      <form method="post" action={view.action} noValidate>
        <TextField
          id="code"
          label={t("challenge.code")}
          value={view.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder={t("challenge.placeholder", { codeDigits: digits })}
          focusFirst
        />
        <Actions>
          <button type="submit" name="intent" value="verify">
            {t("challenge.submit")}
          </button>
          {fromApp || view.resendRefused ? null : (
            <button
              type="submit"
              name="intent"
              value="resend"
              id="resend-code"
              className="secondary"
              disabled={waiting || undefined}
              aria-describedby={waiting ? "resend-wait" : undefined}
            >
              {t("challenge.resend")}
            </button>
          )}
        </Actions>
        {waiting ? (
          <>
            <p
              className="hint"
              id="resend-wait"
              data-seconds={String(view.resendInSeconds)}
              data-template={t("challenge.resendWait", { seconds: "{seconds}" })}
              data-ready={t("challenge.resendReady")}
            >
              {t("challenge.resendWait", { seconds: view.resendInSeconds })}
            </p>
            <p className="hint" id="resend-check">
              <a href={view.checkHref ?? ""}>{t("challenge.resendCheck")}</a>
            </p>
          </>
        ) : null}
      </form>
      <Links
        links={[
          view.changeMethodHref ? { href: view.changeMethodHref, label: t("challenge.changeMethod") } : null,
          view.recoveryHref ? { href: view.recoveryHref, label: t("select.useRecoveryCode") } : null,
          view.changeNumberHref ? { href: view.changeNumberHref, label: t("challenge.changeNumber") } : null,
        ]}
      />
      {view.channel === "totp" ? null : (
        <CodeHelp
          locale={view.locale}
          channel={view.channel}
          maskedPhone={view.intro ? "" : view.maskedPhone}
          otherWays={view.otherWays}
          securityHref={view.securityHref}
          undelivered={view.deliveryProblem?.state === "undelivered"}
          checkHref={view.deliveryPending ? view.checkHref : undefined}
        />
      )}
      {view.restartUid ? <SignInAsSomeoneElse locale={view.locale} uid={view.restartUid} /> : null}
    </>,
  );
}
