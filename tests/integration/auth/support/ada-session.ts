import type { NewSession } from "~/services/session-store.server";

/** A signed-in session for Ada as the session store keeps one, its access token valid for an hour from `now`. */
export function adaSession(now: number): NewSession {
  return {
    userId: "P1001",
    tokenType: "IDP",
    email: "ada@example.test",
    fullName: null,
    sourceId: null,
    accessToken: "access",
    accessTokenExpiresAt: new Date(now + 3600_000),
    refreshToken: null,
    idToken: null,
  };
}
