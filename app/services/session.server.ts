import { redirect, type RouterContextProvider } from "react-router";
import type { Visitor } from "~/components/layout/visitor";
import { needsRenewal, recordRenewal } from "~/domain/oidc-checks";
import { safeReturnTo } from "~/domain/return-to";
import { sessionEndsAt } from "~/domain/session-timing";
import { portalRequestOf } from "~/load-context";
import { env } from "./env.server";
import { refreshTokens, TokenEndpointError } from "./idp.server";
import { logger, requestIdOf } from "./logger.server";
import { isResumable, keepForResuming } from "./resumable-flows.server";
import { sessionCookie } from "./session-cookie.server";
import { deleteSession, hashSessionId, loadSession, renewTokensOnce, writeFlowState, type SessionRecord } from "./session-store.server";
import { revokeEndedSessionTokens } from "./session-sweep.server";

/** A stored session as one request read it: `requestId` is that request's, forwarded on the calls made for it. */
export type PortalSession = SessionRecord & { requestId?: string };

/**
 * `renewalUnanswered`: the session is kept, but its access token has expired and the identity
 * provider did not answer its renewal, so this request cannot act for it.
 */
export type SessionLookup = { cookiePresent: boolean; session: PortalSession | null; renewalUnanswered?: boolean };
type Lookup = SessionLookup;

async function lookUp(request: Request): Promise<Lookup> {
  const sessionId: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof sessionId !== "string" || sessionId.length < 32)
    return { cookiePresent: request.headers.get("Cookie")?.includes("portal_session=") ?? false, session: null };
  const session = await loadSession(sessionId);
  if (!session) {
    // A session that has just ended here (idle or past its limit) ends at the identity provider too.
    revokeEndedSessionTokens([hashSessionId(sessionId)]).catch((error: unknown) => logger.warn({ err: error }, "revocation failed"));
    return { cookiePresent: true, session: null };
  }
  const fresh = await withFreshTokens(session);
  if (fresh === UNANSWERED) return { cookiePresent: true, session: null, renewalUnanswered: true };
  return { cookiePresent: true, session: fresh ? { ...fresh, requestId: requestIdOf(request) } : null };
}

/** A loader's `context` (app/load-context.ts): one per incoming request, shared by all of its loaders. */
export type RequestContext = Readonly<RouterContextProvider>;

/**
 * One session read per request, however many loaders ask: the first leaves it in the context's
 * slot for the others (a database query and a signed-cookie check). Without a context, a fresh read.
 */
export function readSession(request: Request, context?: RequestContext): Promise<Lookup> {
  const slot = portalRequestOf(context)?.session;
  if (!slot) return lookUp(request);
  slot.lookup ??= lookUp(request);
  return slot.lookup;
}

const UNANSWERED = Symbol("renewal unanswered");

/**
 * Renews the access token 30 s before it expires, at most 10 times in 30 s, one request per session
 * at a time. A refused refresh (invalid_grant) ends the session; an unreachable IdP keeps the current
 * token for as long as it is still valid, and after that keeps the session for when it answers again.
 */
async function withFreshTokens(session: PortalSession): Promise<PortalSession | null | typeof UNANSWERED> {
  const now = Date.now();
  if (!needsRenewal(session.accessTokenExpiresAt, now)) return session;
  const stillValid = session.accessTokenExpiresAt.getTime() > now;
  if (session.tokenType !== "IDP" || !session.refreshToken) return stillValid ? session : null;
  try {
    return await renewTokensOnce(
      session.idHash,
      (current) => needsRenewal(current.accessTokenExpiresAt, Date.now()),
      async (current) => {
        const renewals = recordRenewal(current.renewals, Date.now());
        if (!renewals) throw new TokenEndpointError("too_many_renewals", "Too many token renew requests", 429);
        const tokens = await refreshTokens(current.refreshToken ?? "");
        return { ...tokens, idToken: tokens.idToken ?? current.idToken, renewals };
      },
    );
  } catch (error) {
    if (error instanceof TokenEndpointError && error.error === "invalid_grant") {
      await deleteSession(session.idHash);
      return null;
    }
    if (stillValid) return session;
    // A refusal (the renewal limit, a 4xx) ends this session's use; no answer, or a 5xx, keeps it.
    return error instanceof TokenEndpointError && error.status < 500 ? null : UNANSWERED;
  }
}

/** `path`, carrying where to come back to (same-origin paths only; My Results needs no mention). */
export function withReturnTo(path: string, returnTo: string): string {
  return returnTo === "/" ? path : `${path}?returnTo=${encodeURIComponent(returnTo)}`;
}

function returnToOf(request: Request): string {
  const url = new URL(request.url);
  return safeReturnTo(`${url.pathname}${url.search}`);
}

/**
 * Any signed-in visitor, participant or results-link. SPEC.md §4 'Session': no session at all goes
 * to sign-in; a session that is no longer valid goes through the expired-session screen.
 */
export async function requireVisitor(request: Request, context?: RequestContext, servedPage?: string): Promise<PortalSession> {
  const { cookiePresent, session, renewalUnanswered } = await readSession(request, context);
  if (session) return session;
  // Either way, signing in again comes back to this page (or, for what a page fetches in the background,
  // to that page). A session whose renewal went unanswered has not expired: sign-in finds it again once
  // the provider answers, or says the service is unavailable.
  const returnTo = servedPage ?? returnToOf(request);
  const target = withReturnTo(cookiePresent && !renewalUnanswered ? "/session-expired" : "/auth/sign-in", returnTo);
  throw redirect(target, { headers: { "Cache-Control": "no-store" } });
}

/** A participant who signed in with the IdP; results-link visitors are sent to their results page. */
export async function requireParticipant(request: Request, context?: RequestContext, servedPage?: string): Promise<PortalSession> {
  const session = await requireVisitor(request, context, servedPage);
  if (session.tokenType === "ACCESS") throw redirect("/");
  return session;
}

export const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function visitorOf(session: PortalSession): Visitor {
  if (session.tokenType === "ACCESS") return { kind: "results-link" };
  return {
    kind: "participant",
    fullName: session.fullName ?? session.email ?? "",
    signedInUntil: sessionEndsAt(session, {
      idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT_SECONDS,
      absoluteTimeoutSeconds: env.SESSION_ABSOLUTE_TIMEOUT_SECONDS,
    }),
    serverTimeZone,
  };
}

export async function endSession(session: PortalSession | null): Promise<void> {
  if (session) await deleteSession(session.idHash);
}

export async function clearedSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function sessionCookieFor(sessionId: string): Promise<string> {
  return sessionCookie.serialize(sessionId);
}

/** Read one flow's server-side state (e.g. which password-update step the participant is on). */
export function flowState<T>(session: PortalSession, flow: string): T | null {
  return (session.flowState[flow] as T | undefined) ?? null;
}

export async function saveFlowState(session: PortalSession, flow: string, value: unknown | null): Promise<void> {
  await writeFlowState(session.idHash, flow, value);
  if (isResumable(flow)) await keepForResuming(session.userId, flow, value);
  if (value === null) delete session.flowState[flow];
  else session.flowState[flow] = value;
}

/** Headers every private page answers with. */
export const privatePageHeaders = { "Cache-Control": "no-store" } as const;
