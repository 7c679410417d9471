import type { Logger } from "pino";
import * as z from "zod";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";
import { signKitStepsToken } from "../oidc/kit-steps-token.ts";
import type { SigningKeys } from "../oidc/signing-keys.ts";

const ChangesSchema = z.object({
  lastId: z.number().int().min(0),
  changes: z.array(z.object({ id: z.number().int(), userId: z.string().min(1), step: z.number().int(), changedAt: z.string().min(1) })),
});
export type KitStepChange = z.infer<typeof ChangesSchema>["changes"][number];
/** The changes after a position and the log's newest position; null when the log cannot be read now. */
export type KitStepFeed = (after: number) => Promise<{ changes: KitStepChange[]; lastId: number } | null>;

const PAGE = 100;
const TIMEOUT_MS = 5000;

/** Reads the results service's log of kit steps after a position; null when it cannot be read now. */
export function resultsKitStepFeed(options: {
  resultsApiUrl: string;
  keys: SigningKeys;
  issuer: string;
  resultsAudience: string;
  logger: Logger;
}): KitStepFeed {
  // Told once when the log cannot be read and once when it can again, not every few seconds.
  let failing = false;
  const failed = (details: Record<string, unknown>) => {
    if (!failing) options.logger.warn(details, "kit steps could not be read; trying again");
    failing = true;
    return null;
  };
  return async (after) => {
    try {
      const token = await signKitStepsToken(options.keys, { issuer: options.issuer, resultsAudience: options.resultsAudience });
      const url = new URL(`kit-step-changes?after=${after}&limit=${PAGE}`, `${options.resultsApiUrl.replace(/\/$/, "")}/`);
      const response = await serviceFetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) return failed({ status: response.status });
      const page = ChangesSchema.parse(await response.json());
      if (failing) options.logger.info("kit steps can be read again");
      failing = false;
      return page;
    } catch (error) {
      return failed({ err: { message: (error as Error).message } });
    }
  };
}
