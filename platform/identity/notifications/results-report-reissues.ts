import type { Logger } from "pino";
import * as z from "zod";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";
import { signReportReissuesToken } from "../oidc/kit-steps-token.ts";
import type { SigningKeys } from "../oidc/signing-keys.ts";

const ReissuesSchema = z.object({
  lastId: z.number().int().min(0),
  reissues: z.array(
    z.object({
      id: z.number().int(),
      userId: z.string().min(1),
      appId: z.string().min(1),
      appName: z.string().min(1),
      version: z.number().int().min(1),
      reissuedAt: z.string().min(1),
    }),
  ),
});
export type ReportReissue = z.infer<typeof ReissuesSchema>["reissues"][number];
/** The reissues after a position and the log's newest position; null when the log cannot be read now. */
export type ReportReissueFeed = (after: number) => Promise<{ reissues: ReportReissue[]; lastId: number } | null>;

const PAGE = 100;
const TIMEOUT_MS = 5000;

/** Reads the results service's log of reissued reports after a position; null when it cannot be read now. */
export function resultsReportReissueFeed(options: {
  resultsApiUrl: string;
  keys: SigningKeys;
  issuer: string;
  resultsAudience: string;
  logger: Logger;
}): ReportReissueFeed {
  let failing = false;
  const failed = (details: Record<string, unknown>) => {
    if (!failing) options.logger.warn(details, "report reissues could not be read; trying again");
    failing = true;
    return null;
  };
  return async (after) => {
    try {
      const token = await signReportReissuesToken(options.keys, { issuer: options.issuer, resultsAudience: options.resultsAudience });
      const url = new URL(`report-reissues?after=${after}&limit=${PAGE}`, `${options.resultsApiUrl.replace(/\/$/, "")}/`);
      const response = await serviceFetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) {
        await response.body?.cancel();
        return failed({ status: response.status });
      }
      const page = ReissuesSchema.parse(await response.json());
      if (failing) options.logger.info("report reissues can be read again");
      failing = false;
      return page;
    } catch (error) {
      return failed({ err: { message: (error as Error).message } });
    }
  };
}
