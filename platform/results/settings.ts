/** The limits of shares, kit registration and counselling requests, from the environment (documented in platform/results/README.md). */

/** Readers of whole-number settings: the fallback when unset, otherwise a whole number from min to max or a refusal naming `kind`. */
function settingsOf(env: NodeJS.ProcessEnv, kind: string) {
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const value = env[name];
    if (value === undefined || value === "") return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`Invalid ${kind} setting: ${value}`);
    return parsed;
  };
  /** At most `max` in a window of `windowSeconds`, from `<prefix>_BUDGET` and `<prefix>_WINDOW_SECONDS`. */
  const budget = (prefix: string, max: number, windowSeconds: number, limits = { max: 1_000_000, windowSeconds: 86_400 }) => ({
    max: whole(`${prefix}_BUDGET`, max, 1, limits.max),
    windowSeconds: whole(`${prefix}_WINDOW_SECONDS`, windowSeconds, 1, limits.windowSeconds),
  });
  return { whole, budget };
}

export function shareSettingsFromEnv(env: NodeJS.ProcessEnv) {
  const { whole, budget } = settingsOf(env, "share");
  return {
    answerFloorMs: whole("RESULTS_SHARE_ANSWER_FLOOR_MS", 400, 0, 10_000),
    /** Failed attempts of the whole deployment in a window; past it only a right code and date of birth open. */
    missBudget: budget("RESULTS_SHARE_MISS", 1000, 3600),
    /** Failed attempts of one source (the portal's keyed hash of the client's address) in a window, in front of the deployment's. */
    sourceMissBudget: budget("RESULTS_SHARE_SOURCE_MISS", 20, 900),
  };
}

export function kitSettingsFromEnv(env: NodeJS.ProcessEnv) {
  const { budget } = settingsOf(env, "kit");
  return {
    /** Barcodes one participant may try that match no kit they can register, in a window. */
    participantMissBudget: budget("RESULTS_KIT_MISS", 10, 3600),
    /** The same for one source (the portal's keyed hash of the client's address). */
    sourceMissBudget: budget("RESULTS_KIT_SOURCE_MISS", 30, 3600),
  };
}

export function counsellingSettingsFromEnv(env: NodeJS.ProcessEnv) {
  const { budget } = settingsOf(env, "counselling");
  return {
    /** New requests one participant may make in a window (each one e-mails them and reaches the team). */
    requestBudget: budget("RESULTS_COUNSELLING", 5, 86_400, { max: 1000, windowSeconds: 30 * 86_400 }),
  };
}

export type ShareSettings = ReturnType<typeof shareSettingsFromEnv>;
export type KitSettings = ReturnType<typeof kitSettingsFromEnv>;
export type CounsellingSettings = ReturnType<typeof counsellingSettingsFromEnv>;
