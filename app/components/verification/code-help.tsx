import { Link } from "react-router";
import * as styles from "~/components/profile/profile.css";
import { site } from "~/config/site";
import { hourOfDay } from "~/domain/clock-time";
import { SECURITY_PATH } from "~/domain/password-update-view";
import type { CodeStepView } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";

/** 'Didn't get a code?' under a code that was sent (never the app's): a native disclosure, so it opens without JavaScript. */
export function CodeHelp({
  view,
  checkHref,
}: {
  view: CodeStepView;
  /** The code step itself: read again, it says whether the provider has reported the code lost since. */
  checkHref: string;
}) {
  const { t, i18n } = useTranslation("profile");
  const { method, phoneNumber: phone, otherWays, delivery } = view;
  const { support } = site;
  return (
    <details className={styles.form}>
      <summary>{t("codeHelp.summary")}</summary>
      <div className={styles.form}>
        {phone ? <p>{t(method === "voice" ? "codeHelp.calledTo" : "codeHelp.sentTo", { phone })}</p> : null}
        {delivery ? (
          <p>{t(`codeHelp.${delivery.state}${delivery.channel === "voice" ? "Voice" : "Sms"}`, { phone })}</p>
        ) : (
          <p>
            {t(method === "voice" ? "codeHelp.deliveryVoice" : "codeHelp.deliverySms")}{" "}
            <Link to={checkHref}>{t("codeHelp.checkDelivery")}</Link>
          </p>
        )}
        {otherWays.length > 0 ? (
          <>
            <p>{t("codeHelp.otherWays")}</p>
            <ul>
              {otherWays.map((way) => (
                <li key={way}>{t(`codeHelp.ways.${way}`)}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          {t("codeHelp.changeNumber")} <Link to={SECURITY_PATH}>{t("codeHelp.loginSecurity")}</Link>
        </p>
        <p>
          {t("codeHelp.support", {
            opens: hourOfDay(support.opensAtHour, i18n.language),
            closes: hourOfDay(support.closesAtHour, i18n.language),
          })}{" "}
          <a href={`tel:${support.phone}`}>{support.phoneDisplay}</a>
        </p>
      </div>
    </details>
  );
}
