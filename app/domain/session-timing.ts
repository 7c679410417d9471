/** How often a session's last-seen time is written: at most once a minute, and at most half the idle limit. */
export function touchIntervalMs(idleTimeoutSeconds: number): number {
  return Math.min(60_000, (idleTimeoutSeconds * 1000) / 2);
}

/** When the session ends if nothing else happens: its idle limit or its absolute limit, whichever comes first. */
export function sessionEndsAt(
  session: { lastSeenAt: Date; createdAt: Date },
  limits: { idleTimeoutSeconds: number; absoluteTimeoutSeconds: number },
): number {
  return Math.min(
    session.lastSeenAt.getTime() + limits.idleTimeoutSeconds * 1000,
    session.createdAt.getTime() + limits.absoluteTimeoutSeconds * 1000,
  );
}

/** The notice that offers to stay signed in shows this long before the session ends. */
export const SESSION_ENDING_NOTICE_MS = 2 * 60 * 1000;
