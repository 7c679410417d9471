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

export type NotificationPreferences = { emailEnabled: boolean; steps: StepNumber[] };

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
  return { emailEnabled: email.length === 1, steps: [...new Set(steps.map(Number) as StepNumber[])] };
}
