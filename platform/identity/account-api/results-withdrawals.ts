import type { Logger } from "pino";
import * as z from "zod";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";

const WithdrawalList = z.object({
  withdrawals: z.array(
    z.object({
      reference: z.string(),
      choice: z.enum(["stop-research", "destroy-sample", "delete-data"]),
      requestedAt: z.iso.datetime().transform((at) => new Date(at)),
    }),
  ),
});

/** A withdrawal request as the receipt summarises it. */
export type ListedWithdrawal = z.output<typeof WithdrawalList>["withdrawals"][number];

/**
 * The participant's withdrawal requests (reference, what was asked, when), as the results service lists them
 * (`GET /withdrawals/{userID}`, asked with the participant's own access token); null when it gives
 * no usable answer (not configured, unreachable, slow, a refusal or an unreadable body).
 */
export async function listedWithdrawals(
  resultsApiUrl: string | undefined,
  accountId: string,
  accessToken: string,
  logger: Logger,
): Promise<ListedWithdrawal[] | null> {
  if (!resultsApiUrl) return null;
  try {
    const response = await serviceFetch(new URL(`withdrawals/${encodeURIComponent(accountId)}`, `${resultsApiUrl.replace(/\/$/, "")}/`), {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(4000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      logger.warn({ status: response.status }, "results service did not list withdrawals");
      return null;
    }
    const parsed = WithdrawalList.safeParse(await response.json());
    return parsed.success ? parsed.data.withdrawals : null;
  } catch (error) {
    logger.warn({ error: (error as Error).name }, "results service did not answer for withdrawals");
    return null;
  }
}
