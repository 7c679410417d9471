/** The limits of shares, from the environment (documented in platform/results/README.md). */
export interface ShareSettings {
  answerFloorMs: number;
  missBudget: { max: number; windowSeconds: number };
}

const whole = (value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`Invalid share setting: ${value}`);
  return parsed;
};

export function shareSettingsFromEnv(env: NodeJS.ProcessEnv): ShareSettings {
  return {
    answerFloorMs: whole(env.RESULTS_SHARE_ANSWER_FLOOR_MS, 400, 0, 10_000),
    missBudget: {
      max: whole(env.RESULTS_SHARE_MISS_BUDGET, 1000, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_SHARE_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
  };
}
