/** The limits of shares, kit registration and counselling requests, from the environment (documented in platform/results/README.md). */

/** A reader of whole-number settings: the fallback when unset, otherwise a whole number from min to max or a refusal naming `kind`. */
const wholeSetting = (kind: string) => (value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`Invalid ${kind} setting: ${value}`);
  return parsed;
};

export function shareSettingsFromEnv(env: NodeJS.ProcessEnv) {
  const whole = wholeSetting("share");
  return {
    answerFloorMs: whole(env.RESULTS_SHARE_ANSWER_FLOOR_MS, 400, 0, 10_000),
    /** Failed attempts of the whole deployment in a window; past it only a right code and date of birth open. */
    missBudget: {
      max: whole(env.RESULTS_SHARE_MISS_BUDGET, 1000, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_SHARE_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
    /** Failed attempts of one source (the portal's keyed hash of the client's address) in a window, in front of the deployment's. */
    sourceMissBudget: {
      max: whole(env.RESULTS_SHARE_SOURCE_MISS_BUDGET, 20, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_SHARE_SOURCE_MISS_WINDOW_SECONDS, 900, 1, 86_400),
    },
  };
}

export function kitSettingsFromEnv(env: NodeJS.ProcessEnv) {
  const whole = wholeSetting("kit");
  return {
    /** Barcodes one participant may try that match no kit they can register, in a window. */
    participantMissBudget: {
      max: whole(env.RESULTS_KIT_MISS_BUDGET, 10, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_KIT_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
    /** The same for one source (the portal's keyed hash of the client's address). */
    sourceMissBudget: {
      max: whole(env.RESULTS_KIT_SOURCE_MISS_BUDGET, 30, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_KIT_SOURCE_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
  };
}

export function counsellingSettingsFromEnv(env: NodeJS.ProcessEnv) {
  const whole = wholeSetting("counselling");
  return {
    /** New requests one participant may make in a window (each one e-mails them and reaches the team). */
    requestBudget: {
      max: whole(env.RESULTS_COUNSELLING_BUDGET, 5, 1, 1000),
      windowSeconds: whole(env.RESULTS_COUNSELLING_WINDOW_SECONDS, 86_400, 1, 30 * 86_400),
    },
  };
}

export type ShareSettings = ReturnType<typeof shareSettingsFromEnv>;
export type KitSettings = ReturnType<typeof kitSettingsFromEnv>;
export type CounsellingSettings = ReturnType<typeof counsellingSettingsFromEnv>;
