import { wholeSetting } from "../whole-setting.ts";

/** The limits of shares, from the environment (documented in platform/results/README.md). */
export interface ShareSettings {
  answerFloorMs: number;
  /** Failed attempts of the whole deployment in a window; past it only a right code and date of birth open. */
  missBudget: { max: number; windowSeconds: number };
  /** Failed attempts of one source (the portal's keyed hash of the client's address) in a window, in front of the deployment's. */
  sourceMissBudget: { max: number; windowSeconds: number };
}

const whole = wholeSetting("share");

export function shareSettingsFromEnv(env: NodeJS.ProcessEnv): ShareSettings {
  return {
    answerFloorMs: whole(env.RESULTS_SHARE_ANSWER_FLOOR_MS, 400, 0, 10_000),
    missBudget: {
      max: whole(env.RESULTS_SHARE_MISS_BUDGET, 1000, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_SHARE_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
    sourceMissBudget: {
      max: whole(env.RESULTS_SHARE_SOURCE_MISS_BUDGET, 20, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_SHARE_SOURCE_MISS_WINDOW_SECONDS, 900, 1, 86_400),
    },
  };
}
