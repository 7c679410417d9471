import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as wait } from "node:timers/promises";
import type { Logger } from "pino";
import type * as z from "zod";
import { parsedBody, sendJson } from "../http-kit.ts";
import { RequestError } from "../token-verifier.ts";
import type { MissCounter } from "./share-store.ts";

type MissBudget = Parameters<MissCounter["takeMiss"]>[1];

export interface GuessBudgetDeps {
  store: MissCounter;
  /** Failed attempts the whole deployment takes in a window; past it only a right secret opens. */
  missBudget: MissBudget;
  /** Failed attempts one source takes in a window, in front of the deployment's. */
  sourceMissBudget: MissBudget;
  logger: Logger;
}

/**
 * What one attempt at a typed secret may do: `slowed` (its source is past its own budget, so nothing it
 * sends is compared), or `counted` (compared; `limited` when the deployment's budget is spent, so only
 * a right secret may open). An attempt that proves right calls `proved` to give its places back.
 */
type GuessAttempt =
  | { kind: "slowed"; retryAfterSeconds: number }
  | { kind: "counted"; limited: boolean; retryAfterSeconds: number; proved: () => Promise<void> };

/**
 * The budgets of failed attempts at a typed secret (docs/decisions/052): the source's, then the deployment's,
 * each taken as `takeMiss` says. Each `family` of secrets (share codes, relative codes) has budgets of its own, with the same limits.
 */
export function createGuessBudget(deps: GuessBudgetDeps, family: { scopePrefix: string; alert: string; what: string }) {
  const { store } = deps;
  /** Windows whose deployment-wide exhaustion this process has already alerted (one line per window). */
  const alerted = new Set<number>();
  const deploymentScope = `${family.scopePrefix}deployment`;

  return async function attempt(source: string | undefined, remoteAddress: string): Promise<GuessAttempt> {
    // Without the portal's word (a direct caller), the connection's own address, hashed alike.
    const sourceScope = `${family.scopePrefix}source:${source ?? store.sourceOfAddress(remoteAddress)}`;
    const bySource = await store.takeMiss(sourceScope, deps.sourceMissBudget);
    const byDeployment = bySource.within ? await store.takeMiss(deploymentScope, deps.missBudget) : null;
    if (byDeployment && byDeployment.count === deps.missBudget.max + 1 && !alerted.has(byDeployment.windowStart.getTime())) {
      if (alerted.size > 100) alerted.clear();
      alerted.add(byDeployment.windowStart.getTime());
      deps.logger.error(
        { alert: family.alert, max: deps.missBudget.max, windowMinutes: deps.missBudget.windowSeconds / 60 },
        `${family.what} guessing budget exhausted: only a right ${family.what} opens until the window ends`,
      );
    }
    // The first miss of each window clears the counts of windows long over.
    if (byDeployment?.count === 1) await store.pruneMisses();
    if (!bySource.within || !byDeployment) return { kind: "slowed", retryAfterSeconds: bySource.retryAfterSeconds };
    return {
      kind: "counted",
      limited: !byDeployment.within,
      retryAfterSeconds: byDeployment.retryAfterSeconds,
      async proved() {
        await store.giveBackMiss(sourceScope, bySource.windowStart);
        if (byDeployment.within) await store.giveBackMiss(deploymentScope, byDeployment.windowStart);
      },
    };
  };
}

/**
 * One attempt at a typed secret (a share code, a relative code), answered no sooner than `floorMs`:
 * the body checked (400 `invalid`), the budgets taken, then `compare` (told whether only a right
 * secret may open; it throws the RequestError of a wrong one). Its 200 is the secret proved right,
 * which gives the budgets' places back; a 429 says when to try again.
 */
export async function answerGuess<Body extends { source?: string | undefined }>(
  req: IncomingMessage,
  res: ServerResponse,
  guess: { floorMs: number; attempt: ReturnType<typeof createGuessBudget>; schema: z.ZodType<Body>; invalid: string },
  compare: (body: Body, limited: boolean) => Promise<object | "limited">,
) {
  const startedAt = performance.now();
  const answer = await (async () => {
    const body = await parsedBody(req, guess.schema, guess.invalid);
    const budget = await guess.attempt(body.source, req.socket.remoteAddress ?? "");
    const tooMany = new RequestError(429, "Too many attempts", { retryAfterSeconds: budget.retryAfterSeconds });
    if (budget.kind === "slowed") throw tooMany;
    const opened = await compare(body, budget.limited);
    if (opened === "limited") throw tooMany;
    await budget.proved();
    return opened;
  })().catch((error: unknown) => error);
  // Every answer takes at least `floorMs`, so none is faster than another.
  const left = guess.floorMs - (performance.now() - startedAt);
  if (left > 0) await wait(left);
  if (answer instanceof Error) throw answer;
  sendJson(res, 200, answer);
}
