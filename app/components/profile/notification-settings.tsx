import { Form, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { Checkbox } from "~/components/checkbox";
import * as choice from "~/components/choice.css";
import { NOTIFIABLE_STEPS, NOTIFICATIONS_PATH, type NotificationPreferences } from "~/domain/notification-preferences";
import { useTranslation } from "~/i18n/react";
import { ProfileCard } from "./profile-card";
import * as styles from "./profile.css";

/** 'Notifications' on Login & Security: e-mail on or off and which kit steps, one plain form POST. */
export function NotificationSettings({ preferences }: { preferences: NotificationPreferences | null }) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === NOTIFICATIONS_PATH;
  return (
    <ProfileCard headingId="notification-settings" heading={t("notifications.heading")} level={2}>
      <p className={styles.muted}>{t("notifications.intro")}</p>
      {preferences ? (
        <Form method="post" action={NOTIFICATIONS_PATH} className={styles.form}>
          <Checkbox name="email" label={t("notifications.email")} defaultChecked={preferences.emailEnabled} />
          <fieldset className={choice.fieldset}>
            <legend className={choice.legend}>{t("notifications.stepsLegend")}</legend>
            {NOTIFIABLE_STEPS.map(({ number, step }) => (
              <Checkbox
                key={number}
                name="step"
                value={String(number)}
                label={t(`notifications.steps.${step}`)}
                defaultChecked={preferences.steps.includes(number)}
              />
            ))}
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" variant="outlined" loading={saving}>
              {t("notifications.save")}
            </Button>
          </div>
        </Form>
      ) : (
        <p className={styles.paragraph}>{t("notifications.unavailable")}</p>
      )}
    </ProfileCard>
  );
}
