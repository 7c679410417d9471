/**
 * SPEC.md §2 'Sample tracker' and §4 'Kit status to timeline steps': five steps, highlighted by
 * kitStatus; participants who are not health-or-research see only the first four.
 */
export const TRACKER_STEPS = ["kitRegistered", "sampleReceived", "sequencingComplete", "traitsAncestryReady", "healthReady"] as const;

export type TrackerStep = (typeof TRACKER_STEPS)[number];
type StepState = "done" | "current" | "upcoming";
export type TimelineEntry = {
  step: TrackerStep;
  number: number;
  state: StepState;
  /** The day the kit reached this step (done and current steps), when the results service knows it. */
  reachedOn: string | null;
  /** The day the next step is expected (the first step not reached yet), when known. */
  expectedBy: string | null;
};

/** Why a kit is late, as the results service codes it; anything else is worded as a delay in general. */
const DELAY_REASONS = ["lab-backlog", "sample-rerun", "recollection"] as const;
export type DelayReason = (typeof DELAY_REASONS)[number] | "other";

/** A kit's dated history from the results service. */
export type KitHistory = {
  /** YYYY-MM-DD by tracker step number. */
  reachedOn: Partial<Record<number, string>>;
  nextStepExpectedBy: string | null;
  delayReason: DelayReason | null;
};

export const NO_KIT_HISTORY: KitHistory = { reachedOn: {}, nextStepExpectedBy: null, delayReason: null };

export function delayReasonOf(code: string | null | undefined): DelayReason | null {
  if (!code) return null;
  return (DELAY_REASONS as readonly string[]).includes(code) ? (code as DelayReason) : "other";
}

/** Entries shown to a participant who is not health-or-research (SPEC.md §4). */
const STEPS_WITHOUT_HEALTH = 4;

/** 0 or missing → [1]; 3 → [3, 4]; any other n → [n]. */
export function highlightedSteps(kitStatus: number | null | undefined): number[] {
  if (!kitStatus) return [1];
  if (kitStatus === 3) return [3, 4];
  return [kitStatus];
}

/** The steps the participant sees, with their days; the highlight comes from kitStatus alone (SPEC.md §4), never the dates. */
export function timelineEntries(
  kitStatus: number | null | undefined,
  isHealthOrResearch: boolean,
  history: KitHistory = NO_KIT_HISTORY,
): TimelineEntry[] {
  const highlighted = highlightedSteps(kitStatus);
  const firstHighlighted = Math.min(...highlighted);
  const visible = isHealthOrResearch ? TRACKER_STEPS : TRACKER_STEPS.slice(0, STEPS_WITHOUT_HEALTH);
  const states = visible.map((_, index): StepState => {
    const number = index + 1;
    return highlighted.includes(number) ? "current" : number < firstHighlighted ? "done" : "upcoming";
  });
  // The step carrying the expected date: the first one the history has not reached (with kitStatus 3
  // that is step 4, highlighted but not yet dated), never one already marked done; without a history,
  // the first upcoming step.
  const next = Object.keys(history.reachedOn).length
    ? states.findIndex((state, index) => state === "upcoming" || (state === "current" && !history.reachedOn[index + 1]))
    : states.indexOf("upcoming");
  return visible.map((step, index) => {
    const number = index + 1;
    const state = states[index]!;
    return {
      step,
      number,
      state,
      reachedOn: state === "upcoming" ? null : (history.reachedOn[number] ?? null),
      expectedBy: index === next ? history.nextStepExpectedBy : null,
    };
  });
}
