/** Login & Security's page of the places the participant is signed in. */
export const SESSIONS_PATH = "/profile/security/sessions";

/** A change after which the other sessions are offered to end (OWASP ASVS 5.0 V7.4.3). */
export const SESSION_ENDING_CHANGES = ["password", "phone"] as const;
export type SessionEndingChange = (typeof SESSION_ENDING_CHANGES)[number];

/** Where a verification step sends the participant after a new password or phone number. */
export function sessionsPathAfter(change: SessionEndingChange): string {
  return `${SESSIONS_PATH}?after=${change}`;
}

/** The `after` query parameter, when it names a change the page has words for. */
export function changeFromQuery(value: string | null): SessionEndingChange | null {
  return (SESSION_ENDING_CHANGES as readonly string[]).includes(value ?? "") ? (value as SessionEndingChange) : null;
}

export const END_SESSION_INTENT = "end";
export const END_OTHER_SESSIONS_INTENT = "end-others";
