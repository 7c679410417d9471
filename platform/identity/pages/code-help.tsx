import { support, supportHour } from "../../../lib/program/site.ts";
import type { Channel } from "../domain/codes.ts";
import { type Locale, translator } from "./i18n.ts";

/** A way to confirm it is them other than the code that did not arrive. */
export type OtherWay = Channel | "totp" | "passkey" | "recovery";

export interface CodeHelpView {
  locale: Locale;
  channel: Channel;
  /** Empty where the page must not reveal an account: the sentence naming the number is left out. */
  maskedPhone: string;
  /** The account's other ways, only those it has (none: not listed). */
  otherWays?: readonly OtherWay[];
  securityHref?: string;
  /** The provider reported the last text undelivered (or the last call unanswered). */
  undelivered?: boolean;
  /** The code was handed to the provider, with no report yet: the page again, to see whether one came. */
  checkHref?: string;
}

/** 'Didn't get a code?' under a sent code: a native disclosure, so it opens without JavaScript. */
export function CodeHelp({ locale, channel, maskedPhone, otherWays = [], securityHref, undelivered, checkHref }: CodeHelpView) {
  const t = translator(locale);
  return (
    <details className="code-help" open={undelivered || undefined}>
      <summary>{t("codeHelp.summary")}</summary>
      {maskedPhone && undelivered ? (
        <p>
          {t(`codeHelp.undelivered${channel === "voice" ? "Voice" : "Sms"}${otherWays.length > 0 ? "" : "Only"}`, { phone: maskedPhone })}
        </p>
      ) : maskedPhone ? (
        <p>{t(channel === "voice" ? "codeHelp.calledTo" : "codeHelp.sentTo", { phone: maskedPhone })}</p>
      ) : null}
      <p>{t(channel === "voice" ? "codeHelp.deliveryVoice" : "codeHelp.deliverySms")}</p>
      {checkHref ? (
        <p>
          <a href={checkHref}>{t("codeHelp.checkDelivery")}</a>
        </p>
      ) : null}
      {otherWays.length > 0 ? (
        <>
          <p>{t("codeHelp.otherWays")}</p>
          <ul>
            {otherWays.map((way) => (
              <li key={way}>{t(`codeHelp.way.${way}`)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {/* Changing the number needs another way in: a participant with none is sent to support. */}
      {securityHref && otherWays.length > 0 ? (
        <p>
          {t("codeHelp.changeNumber")} <a href={securityHref}>{t("codeHelp.loginSecurity")}</a>
        </p>
      ) : securityHref ? (
        <p>{t("codeHelp.changeNumberCallSupport")}</p>
      ) : null}
      <p>
        {t("codeHelp.support", { opens: supportHour(support.opensAtHour, locale), closes: supportHour(support.closesAtHour, locale) })}{" "}
        <a href={`tel:${support.phone}`}>{support.phoneDisplay}</a>
      </p>
    </details>
  );
}
