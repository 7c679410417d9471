import { wholeSetting } from "../whole-setting.ts";

/** The limits of counselling requests, from the environment (documented in platform/results/README.md). */
export interface CounsellingSettings {
  /** New requests one participant may make in a window (each one e-mails them and reaches the team). */
  requestBudget: { max: number; windowSeconds: number };
}

const whole = wholeSetting("counselling");

export function counsellingSettingsFromEnv(env: NodeJS.ProcessEnv): CounsellingSettings {
  return {
    requestBudget: {
      max: whole(env.RESULTS_COUNSELLING_BUDGET, 5, 1, 1000),
      windowSeconds: whole(env.RESULTS_COUNSELLING_WINDOW_SECONDS, 86_400, 1, 30 * 86_400),
    },
  };
}
