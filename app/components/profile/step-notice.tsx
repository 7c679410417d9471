import { Notification } from "~/components/notification";
import { SupportEmailLink } from "~/components/support-links";
import { MIN_PASSWORD_LENGTH } from "~/domain/password-rules";
import type { VerificationNotice } from "~/domain/verification";
import { Trans, useTranslation } from "~/i18n/react";

/** A failure the account API reported, shown inside the step (so it works without JavaScript too). */
export function StepNotice({ notice, values: stepValues }: { notice: VerificationNotice; values?: Record<string, unknown> }) {
  const { t } = useTranslation("profile");
  const values = { minPwLen: MIN_PASSWORD_LENGTH, ...notice.values, ...stepValues };
  return (
    <Notification
      type="error"
      visibleMs={0}
      headerText={t(notice.titleKey, values)}
      bodyText={
        notice.bodyKey ? (
          <Trans t={t} i18nKey={notice.bodyKey} values={values} components={{ support: <SupportEmailLink /> }} />
        ) : (
          notice.bodyText
        )
      }
    />
  );
}
