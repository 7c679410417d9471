/**
 * Runs tasks one after another. The embedded database has a single connection, so statements of
 * concurrent requests must not interleave with someone else's open transaction.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function enqueue<R>(task: () => Promise<R>): Promise<R> {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
