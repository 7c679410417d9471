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

/** The settings form: 'email' checked or not, one 'step' value per ticked step; anything else is refused. */
export function preferencesFromForm(form: FormData): NotificationPreferences | null {
  const email = form.getAll("email");
  const steps = form.getAll("step").map(String);
  if (email.length > 1 || (email.length === 1 && email[0] !== "on")) return null;
  if (steps.length > stepNumbers.length || steps.some((step) => !(stepNumbers as number[]).map(String).includes(step))) return null;
  const research = researchUpdatesFromForm(form);
  if (research === null) return null;
  return {
    emailEnabled: email.length === 1,
    steps: [...new Set(steps.map(Number) as StepNumber[])],
    ...(research ? { researchUpdates: research } : {}),
  };
}

const oneOf = <T extends string>(values: readonly T[], value: FormDataEntryValue): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

/** 'research' (e-mail or none) and 'frequency' together, or neither (a form without them: left as they are); null when refused. */
function researchUpdatesFromForm(form: FormData): ResearchUpdates | undefined | null {
  const channel = form.getAll("research");
  const frequency = form.getAll("frequency");
  if (channel.length === 0 && frequency.length === 0) return undefined;
  if (channel.length !== 1 || frequency.length > 1) return null;
  if (!oneOf(RESEARCH_CHANNELS, channel[0]!)) return null;
  // Without e-mail no frequency is needed; the one chosen before is kept as monthly's default.
  const chosen = frequency[0] ?? "monthly";
  if (!oneOf(RESEARCH_FREQUENCIES, chosen)) return null;
  return { channel: channel[0], frequency: chosen };
}
