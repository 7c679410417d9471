import { rm } from "node:fs/promises";

interface Closable {
  close(): Promise<void>;
}

/**
 * The embedded databases a test opens in a directory of its own, and their removal afterwards. A test
 * that times out on a busy machine leaves its opens running: removing the directory under them fails
 * (ENOTEMPTY) while they still write. `removeAll` first waits for every open the test started, closes
 * each database the test did not close itself, then removes the directory, retrying while the file
 * system catches up.
 */
export function databaseWork(directory: string) {
  const started: Array<Promise<{ database: Closable; closed: () => boolean }>> = [];

  return {
    /** Tracks an open; the database it gives closes as usual, and is closed at clean-up if the test did not. */
    track<Database extends Closable>(opening: Promise<Database>): Promise<Database> {
      const tracked = opening.then((database) => {
        let closed = false;
        const close = database.close.bind(database);
        database.close = async () => {
          closed = true;
          await close();
        };
        return { database, closed: () => closed };
      });
      started.push(tracked);
      return tracked.then(({ database }) => database as Database);
    },

    async removeAll(): Promise<void> {
      for (const outcome of await Promise.allSettled(started)) {
        if (outcome.status === "fulfilled" && !outcome.value.closed()) await outcome.value.database.close().catch(() => undefined);
      }
      await rm(directory, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
