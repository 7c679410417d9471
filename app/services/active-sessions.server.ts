import { createHmac } from "node:crypto";
import type { ListedSession } from "~/domain/active-sessions";
import { storedDevice } from "~/domain/session-device";
import { env } from "./env.server";
import { revokeToken } from "./idp.server";
import { listSessionsOf, stillLive, takeSessionsOf, type ListedSessionRow } from "./session-store.server";
import { revokeEndedSessionTokens } from "./session-sweep.server";
import type { PortalSession } from "./session.server";

/**
 * A keyed hash of the stored id hash: a page or a log that shows it gives away nothing that finds the
 * row or the cookie, and a listing id made up or copied from someone else's page matches none of this
 * participant's sessions.
 */
function listingIdOf(idHash: string): string {
  return createHmac("sha256", env.SESSION_SECRET).update(`session-listing:${idHash}`).digest("base64url").slice(0, 32);
}

/** The participant's own sessions after sign-in (a results link is not one), on every portal instance, this one first. */
async function liveSessionsOf(session: PortalSession, now: number): Promise<ListedSessionRow[]> {
  const rows = await listSessionsOf(session.userId);
  return rows
    .filter((row) => row.tokenType === "IDP" && stillLive(row, now))
    .sort((a, b) => Number(b.idHash === session.idHash) - Number(a.idHash === session.idHash));
}

/** Where the participant is signed in, as the sessions page shows it to that participant alone. */
export async function listActiveSessions(session: PortalSession, now = Date.now()): Promise<ListedSession[]> {
  return (await liveSessionsOf(session, now)).map((row) => ({
    // Names the session in this participant's forms; neither its cookie nor the id hash it is stored under.
    listingId: listingIdOf(row.idHash),
    device: storedDevice(row.device),
    signedInAt: row.createdAt.toISOString(),
    // The portal notes a visit at most twice per idle limit, so the last use is approximate.
    lastUsedAt: (row.idHash === session.idHash ? new Date(Math.max(now, row.lastSeenAt.getTime())) : row.lastSeenAt).toISOString(),
    current: row.idHash === session.idHash,
  }));
}

/** What sign-out revokes, for sessions ended from elsewhere; what the IdP could not be asked about now is asked again later. */
async function revokeHeld({ ended, held }: Awaited<ReturnType<typeof takeSessionsOf>>): Promise<void> {
  await Promise.allSettled([revokeEndedSessionTokens(ended), ...held.map((session) => revokeToken(session.accessToken, "access_token"))]);
}

export type EndSessionOutcome = { kind: "ended" } | { kind: "this-device" } | { kind: "not-found" };

/**
 * 'Sign out' beside one session. Only this participant's live sessions are looked in: an id from
 * another participant's page, or of a session already ended, is 'not found'. This device's own
 * entry is the ordinary sign-out, which the caller does.
 */
export async function endActiveSession(session: PortalSession, listingId: string, now = Date.now()): Promise<EndSessionOutcome> {
  const target = (await liveSessionsOf(session, now)).find((row) => listingIdOf(row.idHash) === listingId);
  if (!target) return { kind: "not-found" };
  if (target.idHash === session.idHash) return { kind: "this-device" };
  const taken = await takeSessionsOf(session.userId, target.idHash, "only");
  if (taken.held.length === 0) return { kind: "not-found" };
  await revokeHeld(taken);
  return { kind: "ended" };
}

/**
 * 'Sign out everywhere else' (and the offer after a new password or phone number): every other
 * session of the participant ends on every instance, and what each held is revoked at the IdP.
 * Returns how many ended.
 */
export async function endOtherSessions(session: PortalSession): Promise<number> {
  const taken = await takeSessionsOf(session.userId, session.idHash, "others");
  await revokeHeld(taken);
  return taken.held.length;
}
