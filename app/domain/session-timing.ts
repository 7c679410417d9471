/** How often a session's last-seen time is written: at most once a minute, and at most half the idle limit. */
export function touchIntervalMs(idleTimeoutSeconds: number): number {
  return Math.min(60_000, (idleTimeoutSeconds * 1000) / 2);
}
