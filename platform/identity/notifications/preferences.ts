import type { Queryable } from "../../../lib/postgres/index.ts";

/** The kit steps a participant can hear about: sample received, sequencing complete, traits and ancestry ready, health results ready. */
export const NOTIFIABLE_STEPS = [2, 3, 4, 5] as const;
export type NotifiableStep = (typeof NOTIFIABLE_STEPS)[number];

export interface NotificationPreferences {
  emailEnabled: boolean;
  steps: NotifiableStep[];
}

/** Until a participant chooses, every step is e-mailed. */
const DEFAULT_PREFERENCES: NotificationPreferences = { emailEnabled: true, steps: [...NOTIFIABLE_STEPS] };

function isNotifiableStep(step: number): step is NotifiableStep {
  return (NOTIFIABLE_STEPS as readonly number[]).includes(step);
}

export function wantsEmailFor(preferences: NotificationPreferences, step: number): boolean {
  return preferences.emailEnabled && isNotifiableStep(step) && preferences.steps.includes(step);
}

export function createNotificationPreferences(db: Queryable, now: () => Date) {
  return {
    async get(accountId: string): Promise<NotificationPreferences> {
      const [row] = await db.query<{ email_enabled: boolean; steps: number[] }>(
        "SELECT email_enabled, steps FROM idp_notification_preferences WHERE account_id = $1",
        [accountId],
      );
      if (!row) return { ...DEFAULT_PREFERENCES, steps: [...DEFAULT_PREFERENCES.steps] };
      return { emailEnabled: row.email_enabled, steps: row.steps.filter(isNotifiableStep) };
    },
    /** The version of the participant's choices: when they last changed (milliseconds), 0 before any. */
    async version(accountId: string): Promise<number> {
      const [row] = await db.query<{ updated_at: Date | string }>(
        "SELECT updated_at FROM idp_notification_preferences WHERE account_id = $1",
        [accountId],
      );
      return row ? new Date(row.updated_at).getTime() : 0;
    },
    async save(accountId: string, preferences: NotificationPreferences): Promise<void> {
      const steps = NOTIFIABLE_STEPS.filter((step) => preferences.steps.includes(step));
      await db.query(
        `INSERT INTO idp_notification_preferences (account_id, email_enabled, steps, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET email_enabled = EXCLUDED.email_enabled, steps = EXCLUDED.steps, updated_at = EXCLUDED.updated_at`,
        [accountId, preferences.emailEnabled, steps, now()],
      );
    },
    /** One-click unsubscribe: e-mail off, the chosen steps kept for when it is turned back on. */
    async turnEmailOff(accountId: string): Promise<void> {
      await db.query(
        `INSERT INTO idp_notification_preferences (account_id, email_enabled, steps, updated_at) VALUES ($1, false, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET email_enabled = false, updated_at = EXCLUDED.updated_at`,
        [accountId, [...NOTIFIABLE_STEPS], now()],
      );
    },
  };
}

export type NotificationPreferenceStore = ReturnType<typeof createNotificationPreferences>;
