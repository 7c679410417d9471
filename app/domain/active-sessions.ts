import type { SessionDevice } from "./session-device";

/** Login & Security's page of the places the participant is signed in. */
export const SESSIONS_PATH = "/profile/security/sessions";

/** One place the participant is signed in, as the sessions page lists it. */
export type ListedSession = { listingId: string; device: SessionDevice; signedInAt: string; lastUsedAt: string; current: boolean };

/** A change after which the other sessions are offered to end (OWASP ASVS 5.0 V7.4.3). */
const SESSION_ENDING_CHANGES = ["password", "phone"] as const;
export type SessionEndingChange = (typeof SESSION_ENDING_CHANGES)[number];

/**
 * The change this session has just made, kept in its own server-side state: only the session that
 * made it is told about it (an address anyone can open never says so).
 */
export const SESSION_ENDING_FLOW = "session-ending-change";
export type SessionEndingRecord = { change: SessionEndingChange; at: number };

/** How long after the change Login & Security and the sessions page offer to end the other sessions. */
export const SESSION_ENDING_OFFER_MS = 15 * 60_000;

export const sessionEndingRecord = (change: SessionEndingChange, now: number): SessionEndingRecord => ({ change, at: now });

/** The change the offer follows, while it is recent; null for anything else. */
export function recentSessionEndingChange(record: unknown, now: number): SessionEndingChange | null {
  const { change, at } = (record ?? {}) as Partial<SessionEndingRecord>;
  if (!(SESSION_ENDING_CHANGES as readonly unknown[]).includes(change) || typeof at !== "number") return null;
  return now - at >= 0 && now - at < SESSION_ENDING_OFFER_MS ? (change as SessionEndingChange) : null;
}

export const END_SESSION_INTENT = "end";
export const END_OTHER_SESSIONS_INTENT = "end-others";
