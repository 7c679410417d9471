import { wholeSetting } from "../whole-setting.ts";

/** The limits of kit registration, from the environment (documented in platform/results/README.md). */
export interface KitSettings {
  /** Barcodes one participant may try that match no kit they can register, in a window. */
  participantMissBudget: { max: number; windowSeconds: number };
  /** The same for one source (the portal's keyed hash of the client's address). */
  sourceMissBudget: { max: number; windowSeconds: number };
}

const whole = wholeSetting("kit");

export function kitSettingsFromEnv(env: NodeJS.ProcessEnv): KitSettings {
  return {
    participantMissBudget: {
      max: whole(env.RESULTS_KIT_MISS_BUDGET, 10, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_KIT_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
    sourceMissBudget: {
      max: whole(env.RESULTS_KIT_SOURCE_MISS_BUDGET, 30, 1, 1_000_000),
      windowSeconds: whole(env.RESULTS_KIT_SOURCE_MISS_WINDOW_SECONDS, 3600, 1, 86_400),
    },
  };
}
