/**
 * SPEC.md §2 'Sample tracker' and §4 'Kit status to timeline steps': five steps, highlighted by
 * kitStatus; participants who are not health-or-research see only the first four.
 */
export const TRACKER_STEPS = ["kitRegistered", "sampleReceived", "sequencingComplete", "traitsAncestryReady", "healthReady"] as const;

export type TrackerStep = (typeof TRACKER_STEPS)[number];
export type StepState = "done" | "current" | "upcoming";
export type TimelineEntry = { step: TrackerStep; number: number; state: StepState };

/** Entries shown to a participant who is not health-or-research (SPEC.md §4). */
export const STEPS_WITHOUT_HEALTH = 4;

/** 0 or missing → [1]; 3 → [3, 4]; any other n → [n]. */
export function highlightedSteps(kitStatus: number | null | undefined): number[] {
  if (kitStatus === null || kitStatus === undefined || kitStatus === 0 || Number.isNaN(kitStatus)) return [1];
  if (kitStatus === 3) return [3, 4];
  return [kitStatus];
}

/** The steps the participant sees, each marked done (before the highlight), current or upcoming. */
export function timelineEntries(kitStatus: number | null | undefined, isHealthOrResearch: boolean): TimelineEntry[] {
  const highlighted = highlightedSteps(kitStatus);
  const firstHighlighted = Math.min(...highlighted);
  const visible = isHealthOrResearch ? TRACKER_STEPS : TRACKER_STEPS.slice(0, STEPS_WITHOUT_HEALTH);
  return visible.map((step, index) => {
    const number = index + 1;
    const state: StepState = highlighted.includes(number) ? "current" : number < firstHighlighted ? "done" : "upcoming";
    return { step, number, state };
  });
}
