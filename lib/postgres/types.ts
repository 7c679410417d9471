/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with positional parameters ($1, $2, …) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs one or more statements without parameters (schema changes, scripts). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /**
   * Runs `fn` inside BEGIN/COMMIT, rolling back when it throws. Use only `tx` inside `fn`:
   * with the embedded driver the database is busy with this transaction until it ends.
   */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** A Queryable over a driver's connection or transaction: its rows, and `exec` for scripts (by default one query without parameters). */
export function rowsOf(
  runner: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> },
  exec: (sql: string) => Promise<unknown> = (sql) => runner.query(sql),
): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await runner.query(sql, [...params])).rows as T[];
    },
    async exec(sql: string) {
      await exec(sql);
    },
  };
}
