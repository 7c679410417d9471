import { withinBudget } from "./idp.server";
import type { ResultsOutcome } from "./results.server";

/** How long an answer that came after its page had gone is kept for that session's next page. */
const KEEP_MS = 60_000;

type Pending = { promise: Promise<ResultsOutcome>; settledAt?: number };

const pendingBySession = new Map<string, Pending>();

function forget(key: string, pending: Pending): void {
  if (pendingBySession.get(key) === pending) pendingBySession.delete(key);
}

/**
 * Results for one session within `waitMs`, or "waiting": the call goes on, and the session's next
 * page (the waiting page refreshing itself) takes its answer instead of starting another. One call
 * per session at a time in this process; an answer is used once.
 */
export async function resultsWithin(
  sessionKey: string,
  waitMs: number,
  fetchResults: () => Promise<ResultsOutcome>,
): Promise<ResultsOutcome | "waiting"> {
  let pending = pendingBySession.get(sessionKey);
  if (!pending || Date.now() - (pending.settledAt ?? Date.now()) > KEEP_MS) {
    const created: Pending = { promise: fetchResults() };
    created.promise.then(
      () => {
        created.settledAt = Date.now();
        setTimeout(() => forget(sessionKey, created), KEEP_MS).unref();
      },
      () => forget(sessionKey, created),
    );
    pendingBySession.set(sessionKey, created);
    pending = created;
  }
  const { promise } = pending;
  const outcome = await withinBudget(() => promise, waitMs, "waiting" as const);
  if (outcome !== "waiting") forget(sessionKey, pending);
  return outcome;
}
