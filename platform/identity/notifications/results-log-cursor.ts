import type { Database } from "../../../lib/postgres/index.ts";

/** A page of an ordered log of the results service (kit steps, report reissues): entries after a position. */
export interface LogPage<E extends { id: number }> {
  entries: E[];
  /** The log's newest position: a reader past it reads a log that was started again. */
  lastId: number;
}

/**
 * Reads a log after the position this service keeps for it (`name` in idp_kit_step_cursor), decides
 * each entry, then moves the position on; answers how many entries were acted on. A log started again
 * (the results service's data reset) is read from its start; each decision's own key keeps what was sent.
 */
export async function followResultsLog<E extends { id: number }>(
  db: Database,
  name: string,
  read: (after: number) => Promise<LogPage<E> | null>,
  decide: (entry: E) => Promise<boolean>,
): Promise<number> {
  const [cursor] = await db.query<{ last_change: string | number }>("SELECT last_change FROM idp_kit_step_cursor WHERE name = $1", [name]);
  const position = Number(cursor?.last_change ?? 0);
  const page = await read(position);
  if (!page) return 0;
  if (page.lastId < position) {
    await db.query("UPDATE idp_kit_step_cursor SET last_change = 0 WHERE name = $1 AND last_change = $2", [name, position]);
    return followResultsLog(db, name, read, decide);
  }
  if (page.entries.length === 0) return 0;
  let done = 0;
  for (const entry of page.entries) if (await decide(entry)) done++;
  await db.query(
    `INSERT INTO idp_kit_step_cursor (name, last_change) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET last_change = GREATEST(idp_kit_step_cursor.last_change, EXCLUDED.last_change)`,
    [name, Math.max(...page.entries.map((entry) => entry.id))],
  );
  return done;
}
