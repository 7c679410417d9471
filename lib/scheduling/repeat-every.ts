/**
 * Runs `round` every `intervalMs` in this process, one round at a time: a tick that finds the last
 * round still under way does nothing. A failed round goes to `onError` and the next tick tries again.
 * The answer stops the ticks and waits for a round under way. The timer never keeps the process alive.
 */
export function repeatEvery(intervalMs: number, round: () => Promise<unknown>, onError: (error: Error) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= round()
      .catch(onError)
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
