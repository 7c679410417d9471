import type { RequestHandler } from "express";
import * as z from "zod";
import {
  COUNSELLING_NOTE_MAX,
  COUNSELLING_WINDOW_DAYS_AHEAD,
  COUNSELLING_WINDOW_MAX_HOURS,
  COUNSELLING_WINDOW_MIN_MINUTES,
  COUNSELLING_WINDOWS_MAX,
  offersCounselling,
} from "../../../lib/program/counselling.ts";
import { parsedBody, queryOf, sendJson, type Handler } from "../http-kit.ts";
import { noticesFeed } from "../log-feed.ts";
import { readyAppOf, type ResultsRepository } from "../repository.ts";
import type { CounsellingSettings } from "../settings.ts";
import type { MissCounter } from "../shares/share-store.ts";
import { bearerToken, RequestError, type RouteBasics } from "../token-verifier.ts";
import { COUNSELLING_STATES, type CounsellingStore } from "./counselling-store.ts";

export interface CounsellingRouteDeps extends RouteBasics, CounsellingSettings {
  store: CounsellingStore;
  repository: ResultsRepository;
  /** The share codes' windowed budgets, one scope per participant here. */
  misses: MissCounter;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MINUTE_MS = 60_000;

/** An IANA time zone this runtime knows (a canonical name or one of its aliases, as the portal checks it). */
const knownTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** A request's body as the store keeps it: windows in the future, within their limits, in UTC. */
function createBody(now: Date) {
  const at = now.getTime();
  const window = z
    .object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) })
    .transform(({ start, end }) => ({ start: Date.parse(start), end: Date.parse(end) }))
    .refine(
      ({ start, end }) =>
        start > at &&
        start <= at + COUNSELLING_WINDOW_DAYS_AHEAD * 24 * 60 * MINUTE_MS &&
        end - start >= COUNSELLING_WINDOW_MIN_MINUTES * MINUTE_MS &&
        end - start <= COUNSELLING_WINDOW_MAX_HOURS * 60 * MINUTE_MS,
    )
    .transform(({ start, end }) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }));
  return z.object({
    appId: z.string().min(1).max(200),
    contact: z.enum(["phone", "video"]),
    language: z.enum(["en", "es"]),
    timeZone: z.string().min(1).max(64).refine(knownTimeZone),
    windows: z.array(window).min(1).max(COUNSELLING_WINDOWS_MAX),
    note: z
      .string()
      .trim()
      .max(COUNSELLING_NOTE_MAX)
      .refine((value) => !CONTROL_BUT_LINES.test(value))
      .optional()
      .transform((value) => value || undefined),
    /** The language the participant reads the portal in: the acknowledgement is written in it. */
    locale: z.enum(["en", "es"]).default("en"),
  });
}

const MoveBody = z.discriminatedUnion("state", [
  z.object({ state: z.literal("scheduled"), scheduledFor: z.iso.datetime({ offset: true }).transform((at) => new Date(at)) }),
  z.object({ state: z.literal("done") }),
]);

const QueueQuery = z.object({
  state: z
    .string()
    .default("requested,scheduled")
    .transform((value) => value.split(","))
    .pipe(z.array(z.enum(COUNSELLING_STATES)).min(1)),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  after: z.uuid().optional(),
});

export function createCounsellingRoutes(deps: CounsellingRouteDeps) {
  const { store } = deps;

  /** `counselling/{userID}` and `counselling/{userID}/{requestID}/cancel`: the participant's own. */
  const create: Handler<"userId"> = async (req, res) => {
    const { userId } = req.params;
    const input = await parsedBody(
      req,
      createBody(deps.now()),
      `appId, contact (phone or video), language (en or es), a known timeZone and one to ${COUNSELLING_WINDOWS_MAX} future windows of ${COUNSELLING_WINDOW_MIN_MINUTES} minutes to ${COUNSELLING_WINDOW_MAX_HOURS} hours are required; a note has at most ${COUNSELLING_NOTE_MAX} characters`,
    );
    await readyAppOf(deps.repository, userId, input.appId, offersCounselling, "No report a counsellor talks about was found for this app");
    // Taken before the request is kept (so requests sent at once cannot pass more), given back when none is.
    const scope = `counselling:${userId}`;
    const budget = await deps.misses.takeMiss(scope, deps.requestBudget);
    if (!budget.within) throw new RequestError(429, "Too many counselling requests", { retryAfterSeconds: budget.retryAfterSeconds });
    const created = await store.create(userId, input);
    if (created === "withdrawn" || "openRequest" in created) await deps.misses.giveBackMiss(scope, budget.windowStart);
    if (created === "withdrawn") throw new RequestError(403, "A participant who asked to withdraw cannot ask for counselling");
    if ("openRequest" in created) throw new RequestError(409, "An open counselling request for this report exists already", created);
    sendJson(res, 201, created);
  };

  const list: Handler<"userId"> = async (req, res) => sendJson(res, 200, { requests: await store.list(req.params.userId) });

  const cancel: Handler<"userId" | "requestId"> = async (req, res) => {
    const { userId, requestId } = req.params;
    const request = z.uuid().safeParse(requestId).success ? await store.cancel(userId, requestId) : undefined;
    if (!request) throw new RequestError(404, "No such counselling request");
    sendJson(res, 200, { request });
  };

  /** `counselling-queue` (GET) and `counselling-queue/{requestID}` (POST): the program's counselling team only. */
  const team: RequestHandler = async (req, _res, next) => {
    await deps.verifyToken(bearerToken(req.headers.authorization), "counselling-team");
    next();
  };

  const queue: Handler = async (req, res) => {
    const query = QueueQuery.safeParse(Object.fromEntries(queryOf(req)));
    if (!query.success)
      throw new RequestError(400, "state is a comma-separated list of requested, scheduled, done, cancelled; limit is 1 to 100");
    const requests = await store.queue(query.data.state, query.data.limit, query.data.after ?? null);
    sendJson(res, 200, { requests, next: requests.length === query.data.limit ? requests.at(-1)!.id : null });
  };

  const move: Handler<"requestId"> = async (req, res) => {
    const { requestId } = req.params;
    if (!z.uuid().safeParse(requestId).success) throw new RequestError(404, "No such counselling request");
    const to = await parsedBody(req, MoveBody, "state is scheduled (with scheduledFor) or done");
    const moved = await store.move(requestId, to);
    if (moved === "not-found") throw new RequestError(404, "No such counselling request");
    if ("conflict" in moved)
      throw new RequestError(409, `A ${moved.conflict.state} request cannot move to ${to.state}`, { request: moved.conflict });
    sendJson(res, 200, { request: moved });
  };

  /** `counselling-notices/claim` and `counselling-notices/ack`: the identity provider acknowledges each request once. */
  const notices = noticesFeed(deps, {
    purpose: "counselling-notices",
    claim: store.claimAcknowledgements,
    acknowledge: store.acknowledged,
  });

  return { list, create, cancel, team, queue, move, notices };
}
