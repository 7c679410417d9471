import { Form, useNavigation } from "react-router";
import { Checkbox } from "~/components/checkbox";
import * as choice from "~/components/choice.css";
import { FormActions } from "~/components/form-actions";
import { RadioGroup } from "~/components/radio-group";
import {
  NOTIFIABLE_STEPS,
  NOTIFICATIONS_PATH,
  RESEARCH_CHANNELS,
  RESEARCH_FREQUENCIES,
  type NotificationPreferences,
} from "~/domain/notification-preferences";
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
          <p className={styles.muted}>{t("researchUpdates.healthReissues")}</p>
          <ResearchUpdatesChoice preferences={preferences} />
          <FormActions submitLabel={t("notifications.save")} variant="outlined" busy={saving} />
        </Form>
      ) : (
        <p>{t("notifications.unavailable")}</p>
      )}
    </ProfileCard>
  );
}

/** 'Research updates': e-mail or none, and how often; a participant who withdrew from research is told they get none. */
function ResearchUpdatesChoice({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation("profile");
  if (preferences.researchWithdrawn)
    return (
      <section aria-labelledby="research-updates-heading" className={styles.form}>
        <h3 id="research-updates-heading" className={choice.legend}>
          {t("researchUpdates.legend")}
        </h3>
        <p>{t("researchUpdates.withdrawn")}</p>
      </section>
    );
  const chosen = preferences.researchUpdates ?? { channel: "none", frequency: "monthly" };
  return (
    <fieldset className={choice.fieldset}>
      <legend className={choice.legend}>{t("researchUpdates.legend")}</legend>
      <p className={styles.muted}>{t("researchUpdates.hint")}</p>
      <RadioGroup
        name="research"
        legend={t("researchUpdates.channelLegend")}
        defaultValue={chosen.channel}
        options={RESEARCH_CHANNELS.map((value) => ({ value, label: t(`researchUpdates.channels.${value}`) }))}
      />
      <RadioGroup
        name="frequency"
        legend={t("researchUpdates.frequencyLegend")}
        hint={t("researchUpdates.frequencyHint")}
        defaultValue={chosen.frequency}
        options={RESEARCH_FREQUENCIES.map((value) => ({ value, label: t(`researchUpdates.frequencies.${value}`) }))}
      />
    </fieldset>
  );
}
