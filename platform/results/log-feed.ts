import * as z from "zod";
import { parsedBody, queryOf, sendJson, sendNoContent, type Handler } from "./http-kit.ts";
import { bearerToken, RequestError, type RouteBasics, type TokenPurpose } from "./token-verifier.ts";

const FeedQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * `GET <log>?after=&limit=`: an ordered log the identity provider reads with a token of its own (the
 * kit steps', the report reissues'). Answers the entries after `after` and the log's newest position,
 * `lastId`: a reader whose position is past it reads a log that was started again (fresh data).
 */
export function logFeed(
  deps: Pick<RouteBasics, "db" | "verifyToken">,
  /** `columns` name each entry's fields (`AS "camelName"`); a timestamp answers as an ISO string. */
  log: { purpose: TokenPurpose; table: string; columns: string; key: string },
): Handler {
  return async (req, res) => {
    await deps.verifyToken(bearerToken(req.headers.authorization), log.purpose);
    const parsed = FeedQuery.safeParse(Object.fromEntries(queryOf(req)));
    if (!parsed.success) throw new RequestError(400, "after and limit must be whole numbers");
    const [rows, [last]] = await Promise.all([
      deps.db.query<{ id: string | number }>(`SELECT id, ${log.columns} FROM ${log.table} WHERE id > $1 ORDER BY id LIMIT $2`, [
        parsed.data.after,
        parsed.data.limit,
      ]),
      deps.db.query<{ last: string | number | null }>(`SELECT max(id) AS last FROM ${log.table}`),
    ]);
    sendJson(res, 200, { [log.key]: rows.map((row) => ({ ...row, id: Number(row.id) })), lastId: Number(last?.last ?? 0) });
  };
}

const AckBody = z.object({ ids: z.array(z.uuid()).max(100) });

/**
 * `…-notices/claim` and `…-notices/ack` (POST, the identity provider's token only): what it e-mails,
 * each entry held for a minute by the caller that claims it, and acknowledged once sent.
 */
export function noticesFeed(
  deps: Pick<RouteBasics, "verifyToken">,
  feed: { purpose: TokenPurpose; claim: () => Promise<unknown[]>; acknowledge: (ids: string[]) => Promise<void> },
): Handler<"what"> {
  return async (req, res) => {
    await deps.verifyToken(bearerToken(req.headers.authorization), feed.purpose);
    if (req.params.what === "claim") return sendJson(res, 200, { notices: await feed.claim() });
    if (req.params.what !== "ack") throw new RequestError(404, "Not found");
    await feed.acknowledge((await parsedBody(req, AckBody, "ids are required")).ids);
    sendNoContent(res);
  };
}
