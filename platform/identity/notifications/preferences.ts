import * as z from "zod";
import type { Queryable } from "../../../lib/postgres/index.ts";

/** The kit steps a participant can hear about: sample received, sequencing complete, traits and ancestry ready, health results ready. */
export const NOTIFIABLE_STEPS = [2, 3, 4, 5] as const;
export type NotifiableStep = (typeof NOTIFIABLE_STEPS)[number];

/** The step whose e-mail a reissued health or FH report follows: 'Health results ready'. */
export const HEALTH_STEP: NotifiableStep = 5;

/** The choices as a client sends them; research updates (study news, requests to take part again) are optional for a client that does not know them. */
export const PreferencesBody = z.strictObject({
  emailEnabled: z.boolean(),
  steps: z.array(z.union(NOTIFIABLE_STEPS.map((step) => z.literal(step)))).max(NOTIFIABLE_STEPS.length),
  researchUpdates: z
    .strictObject({ channel: z.enum(["email", "none"]), frequency: z.enum(["as-they-happen", "monthly", "quarterly"]) })
    .optional(),
});
type ResearchUpdates = NonNullable<z.infer<typeof PreferencesBody>["researchUpdates"]>;
type NotificationPreferences = Required<z.infer<typeof PreferencesBody>>;

/** What the store answers: the choices, and whether the participant has withdrawn from research (then none is sent, whatever was chosen). */
export type StoredPreferences = NotificationPreferences & { researchWithdrawn: boolean };

export function wantsEmailFor(preferences: Pick<NotificationPreferences, "emailEnabled" | "steps">, step: number): boolean {
  return preferences.emailEnabled && (preferences.steps as readonly number[]).includes(step);
}

/** How research updates reach a participant: never once they have withdrawn, whatever they chose before. */
export function researchUpdatesChannel(preferences: StoredPreferences): ResearchUpdates["channel"] {
  return preferences.researchWithdrawn ? "none" : preferences.researchUpdates.channel;
}

export function createNotificationPreferences(db: Queryable, now: () => Date) {
  return {
    async get(accountId: string): Promise<StoredPreferences> {
      // Until a participant chooses, every step is e-mailed; research updates are asked for, never assumed.
      const [row] = await db.query<StoredPreferences>(
        `SELECT COALESCE(email_enabled, true) AS "emailEnabled", COALESCE(steps, $2) AS steps,
           research_withdrawn_at IS NOT NULL AS "researchWithdrawn",
           json_build_object('channel', COALESCE(CASE WHEN research_withdrawn_at IS NULL THEN research_channel END, 'none'),
             'frequency', COALESCE(research_frequency, 'monthly')) AS "researchUpdates"
         FROM (SELECT $1::text AS account_id) AS asked LEFT JOIN idp_notification_preferences USING (account_id)`,
        [accountId, [...NOTIFIABLE_STEPS]],
      );
      return row!;
    },
    /** The version of the participant's choices: when they last changed (milliseconds), 0 before any. */
    async version(accountId: string): Promise<number> {
      const [row] = await db.query<{ updated_at: Date }>("SELECT updated_at FROM idp_notification_preferences WHERE account_id = $1", [
        accountId,
      ]);
      return row?.updated_at.getTime() ?? 0;
    },
    /** Saves the kit e-mail choices, and the research-update ones when given (a client that does not know them keeps them). */
    async save(accountId: string, preferences: z.infer<typeof PreferencesBody>) {
      const steps = NOTIFIABLE_STEPS.filter((step) => preferences.steps.includes(step));
      const research = preferences.researchUpdates;
      await db.query(
        `INSERT INTO idp_notification_preferences (account_id, email_enabled, steps, updated_at, research_channel, research_frequency)
         VALUES ($1, $2, $3, $4, COALESCE($5, 'none'), COALESCE($6, 'monthly'))
         ON CONFLICT (account_id) DO UPDATE SET email_enabled = EXCLUDED.email_enabled, steps = EXCLUDED.steps, updated_at = EXCLUDED.updated_at,
           research_channel = COALESCE($5, idp_notification_preferences.research_channel),
           research_frequency = COALESCE($6, idp_notification_preferences.research_frequency)`,
        [accountId, preferences.emailEnabled, steps, now(), research?.channel ?? null, research?.frequency ?? null],
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
    /** A withdrawal from research (learnt from the results service): research updates end and cannot be turned back on. */
    async markResearchWithdrawn(accountId: string): Promise<void> {
      await db.query(
        `INSERT INTO idp_notification_preferences (account_id, email_enabled, steps, updated_at, research_channel, research_withdrawn_at)
         VALUES ($1, true, $2, $3, 'none', $3)
         ON CONFLICT (account_id) DO UPDATE SET research_channel = 'none',
           research_withdrawn_at = COALESCE(idp_notification_preferences.research_withdrawn_at, EXCLUDED.research_withdrawn_at)`,
        [accountId, [...NOTIFIABLE_STEPS], now()],
      );
    },
  };
}

export type NotificationPreferenceStore = ReturnType<typeof createNotificationPreferences>;
