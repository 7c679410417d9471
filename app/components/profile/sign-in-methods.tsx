import { Form } from "react-router";
import { Button } from "~/components/button";
import { IntentButton } from "~/components/intent-button";
import { useDayAndTime } from "~/components/moment";
import { TextInput } from "~/components/text-input";
import { reliesOnPhoneAlone } from "~/domain/code-help";
import { FACTORS_PATH, type SignInFactors } from "~/domain/sign-in-factors";
import { useTranslation } from "~/i18n/react";
import { AddPasskeyButton, ChangeButton } from "./change-button";
import { PhoneOnlyNotice } from "./phone-only-notice";
import { ProfileCard } from "./profile-card";
import * as styles from "./profile.css";

/** Each passkey with its dates, a name that can be changed and a way to remove it (plain forms); adding one needs a browser that can. */
function Passkeys({ factors, when }: { factors: SignInFactors; when: (iso: string) => string }) {
  const { t } = useTranslation("profile");
  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <div>
          <h3 className={styles.rowLabel}>{t("factors.passkeys.heading")}</h3>
          <p className={styles.muted}>{t("factors.passkeys.intro")}</p>
        </div>
        <AddPasskeyButton label={t("factors.passkeys.add")} />
      </div>
      {factors.passkeys.length === 0 ? (
        <p className={styles.muted}>{t("factors.passkeys.none")}</p>
      ) : (
        <ul className={styles.consentList}>
          {factors.passkeys.map((passkey) => (
            <li key={passkey.id} className={styles.consentItem}>
              <p>
                <strong>{passkey.name}</strong>
              </p>
              <p className={styles.muted}>
                {t("factors.passkeys.addedOn", { when: when(passkey.createdAt) })},{" "}
                {passkey.lastUsedAt ? t("factors.passkeys.lastUsed", { when: when(passkey.lastUsedAt) }) : t("factors.passkeys.neverUsed")}
              </p>
              <Form method="post" action={FACTORS_PATH} className={styles.actions}>
                <input type="hidden" name="intent" value="rename-passkey" />
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <TextInput name="name" label={t("factors.passkeys.name")} defaultValue={passkey.name} maxLength={60} required />
                <Button type="submit" variant="outlined">
                  {t("factors.passkeys.rename")}
                </Button>
              </Form>
              <ChangeButton change="remove-passkey" passkeyId={passkey.id} label={t("factors.passkeys.remove", { name: passkey.name })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A new phone number waiting out its cooling-off period, with its dates and 'Cancel this change' (a plain form). */
function PendingPhoneChange({ change, when }: { change: NonNullable<SignInFactors["pendingPhoneChange"]>; when: (iso: string) => string }) {
  const { t } = useTranslation("profile");
  return (
    <div className={styles.form} role="group" aria-labelledby="pending-phone-change">
      <p id="pending-phone-change">
        <strong>{t("factors.pendingPhone.title")}</strong>
      </p>
      <p>
        {t("factors.pendingPhone.body", { phone: change.phone, requested: when(change.requestedAt), effective: when(change.effectiveAt) })}
      </p>
      <IntentButton action={FACTORS_PATH} intent="cancel-phone-change" variant="outlined">
        {t("factors.pendingPhone.cancel")}
      </IntentButton>
    </div>
  );
}

/** Login & Security: the phone, the authenticator app and the recovery codes, with the recent changes (date and device). */
export function SignInMethods({ factors, serverTimeZone }: { factors: SignInFactors | null; serverTimeZone: string }) {
  const { t } = useTranslation("profile");
  const dayAndTime = useDayAndTime(serverTimeZone);
  const when = (iso: string) => dayAndTime(Date.parse(iso));
  return (
    <ProfileCard headingId="sign-in-methods" heading={t("factors.heading")} level={2}>
      {factors === null ? (
        <p role="status">{t("factors.unavailable")}</p>
      ) : (
        <>
          <p>{t("factors.intro")}</p>
          {reliesOnPhoneAlone(factors) ? <PhoneOnlyNotice /> : null}
          <div className={styles.row}>
            <div>
              <h3 className={styles.rowLabel}>{t("factors.phone")}</h3>
              <p className={styles.muted}>{factors.phone ? t("factors.phoneMethods", { phone: factors.phone }) : t("factors.noPhone")}</p>
            </div>
            <ChangeButton change="change-phone" label={t("factors.changePhone")} />
          </div>
          {factors.pendingPhoneChange ? <PendingPhoneChange change={factors.pendingPhoneChange} when={when} /> : null}
          <div className={styles.row}>
            <div>
              <h3 className={styles.rowLabel}>{t("factors.app")}</h3>
              <p className={styles.muted}>{factors.totp ? t("factors.appOn") : t("factors.appOff")}</p>
            </div>
            {factors.totp ? (
              <ChangeButton change="remove-totp" label={t("factors.removeApp")} />
            ) : (
              <ChangeButton change="add-totp" label={t("factors.setUpApp")} />
            )}
          </div>
          <div className={styles.row}>
            <div>
              <h3 className={styles.rowLabel}>{t("factors.codes")}</h3>
              <p className={styles.muted}>
                {factors.recoveryCodesLeft > 0
                  ? t(factors.recoveryCodesLeft === 1 ? "factors.codesLeftOne" : "factors.codesLeftMany", {
                      count: factors.recoveryCodesLeft,
                    })
                  : t("factors.noCodes")}
              </p>
            </div>
            <ChangeButton change="new-codes" label={t("factors.newCodes")} />
          </div>
          <Passkeys factors={factors} when={when} />
          <h3 className={styles.rowLabel}>{t("factors.changesHeading")}</h3>
          {factors.events.length === 0 ? (
            <p className={styles.muted}>{t("factors.noChanges")}</p>
          ) : (
            <ul className={styles.consentList}>
              {factors.events.map((event) => (
                <li key={`${event.at}-${event.kind}`} className={styles.consentItem}>
                  <p>{t(`factors.change.${event.kind}`)}</p>
                  <p className={styles.muted}>
                    <time dateTime={event.at}>{t("factors.changeOn", { when: when(event.at), device: event.device })}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ProfileCard>
  );
}
