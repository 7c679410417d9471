import type { Channel } from "../domain/codes.ts";
import type { DeliveryRefusal } from "../store/outbox.ts";
import { type Locale, type MessageKey, translator } from "./i18n.ts";

/** Another way to confirm it is them, offered where a text or call did not reach the participant. */
export type DeliveryWay =
  /** A form post that asks for a code the other way (a call instead of a text, or a text instead of a call). */
  | { kind: "channel"; channel: Channel; action: string }
  /** A form post that switches to the authenticator app. */
  | { kind: "totp"; action: string }
  /** A link: the passkey (from the method page), a recovery code, or another number while enrolling. */
  | { kind: "passkey" | "recovery" | "number"; href: string };

export interface DeliveryProblemView {
  locale: Locale;
  channel: Channel;
  maskedPhone: string;
  /** Refused or given up (`failed`), or reported lost by the provider (`undelivered`). */
  state: "failed" | "undelivered";
  refusal: DeliveryRefusal | null;
  ways: readonly DeliveryWay[];
}

const WAY_LABELS: Record<Exclude<DeliveryWay["kind"], "channel"> | `channel-${Channel}`, MessageKey> = {
  "channel-voice": "delivery.callInstead",
  "channel-sms": "delivery.textInstead",
  totp: "delivery.useApp",
  passkey: "delivery.usePasskey",
  recovery: "delivery.useRecoveryCode",
  number: "delivery.otherNumber",
};

/** 'We could not send a text to …': why, when the provider said (invalid number, landline, STOP), and the other ways. */
export function DeliveryProblem({ locale, channel, maskedPhone, state, refusal, ways }: DeliveryProblemView) {
  const t = translator(locale);
  const headline = t(`delivery.${state}${channel === "voice" ? "Voice" : "Sms"}`, { phone: maskedPhone });
  const reason = refusal && refusal !== "other" && state === "failed" ? t(`delivery.reason.${refusal}`) : null;
  return (
    <div className="error-summary delivery-problem" role="alert" aria-labelledby="delivery-problem-title">
      <h2 id="delivery-problem-title">{headline}</h2>
      {reason ? <p>{reason}</p> : null}
      {ways.length > 0 ? (
        <>
          <p>{t("delivery.otherWays")}</p>
          <ul className="delivery-ways">
            {ways.map((way) => (
              <li key={way.kind === "channel" ? `channel-${way.channel}` : way.kind}>
                {way.kind === "channel" || way.kind === "totp" ? (
                  <form method="post" action={way.action}>
                    <input type="hidden" name="authMethod" value={way.kind === "totp" ? "totp" : way.channel} />
                    <button type="submit" className="secondary">
                      {t(way.kind === "totp" ? WAY_LABELS.totp : WAY_LABELS[`channel-${way.channel}`])}
                    </button>
                  </form>
                ) : (
                  <a href={way.href}>{t(WAY_LABELS[way.kind])}</a>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("delivery.noOtherWay")}</p>
      )}
    </div>
  );
}
