import * as z from "zod";
import type { TrackerStep } from "./kit-timeline";

/** The kit steps a participant can be e-mailed about, by tracker step number (the first, kit registered, is their own doing). */
export const NOTIFIABLE_STEPS = [
  { number: 2, step: "sampleReceived" },
  { number: 3, step: "sequencingComplete" },
  { number: 4, step: "traitsAncestryReady" },
  { number: 5, step: "healthReady" },
] as const satisfies readonly { number: number; step: TrackerStep }[];

const stepNumbers = NOTIFIABLE_STEPS.map((each) => each.number);
type StepNumber = (typeof NOTIFIABLE_STEPS)[number]["number"];

/** Research updates (study news, requests to take part again): by e-mail or not at all, and how often. */
export const RESEARCH_CHANNELS = ["email", "none"] as const;
export const RESEARCH_FREQUENCIES = ["as-they-happen", "monthly", "quarterly"] as const;
export type ResearchUpdates = { channel: (typeof RESEARCH_CHANNELS)[number]; frequency: (typeof RESEARCH_FREQUENCIES)[number] };

export type NotificationPreferences = {
  emailEnabled: boolean;
  steps: StepNumber[];
  /** Absent when a form leaves them as they are. */
  researchUpdates?: ResearchUpdates;
  /** A participant who withdrew from research gets no research updates and cannot turn them on. */
  researchWithdrawn?: boolean;
};

/** The steps of a list that can be e-mailed about; others (a newer service's) are left out. */
export const notifiableSteps = (steps: readonly number[]): StepNumber[] =>
  steps.filter((step): step is StepNumber => (stepNumbers as number[]).includes(step));

export const NOTIFICATIONS_PATH = "/profile/security/notifications";

const oneAtMost = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(1);

/** The settings form: 'email' checked or not, one 'step' value per ticked step; anything else is refused. */
const SettingsFormSchema = z
  .object({
    email: z.array(z.literal("on")).max(1),
    step: z.array(z.string().refine((step) => stepNumbers.map(String).includes(step))).max(stepNumbers.length),
    // 'research' (e-mail or none) and 'frequency' together, or neither (a form without them: left as they are).
    research: oneAtMost(RESEARCH_CHANNELS),
    frequency: oneAtMost(RESEARCH_FREQUENCIES),
  })
  .refine(({ research, frequency }) => research.length === 1 || frequency.length === 0)
  // Without e-mail no frequency is needed; the one chosen before is kept as monthly's default.
  .transform(({ email, step, research: [channel], frequency: [frequency = "monthly"] }) => ({
    emailEnabled: email.length === 1,
    steps: [...new Set(step.map(Number) as StepNumber[])],
    ...(channel ? { researchUpdates: { channel, frequency } } : {}),
  }));

export function preferencesFromForm(form: FormData): NotificationPreferences | null {
  const fields = Object.fromEntries(["email", "step", "research", "frequency"].map((name) => [name, form.getAll(name)]));
  return SettingsFormSchema.safeParse(fields).data ?? null;
}
