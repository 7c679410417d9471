import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Visitor } from "~/components/layout/visitor";
import { needsRenewal, recordRenewal } from "~/domain/oidc-checks";
import { safeReturnTo, servedPageOf } from "~/domain/return-to";
import { sessionEndsAt } from "~/domain/session-timing";
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

/** A session as it is now: the cookie's session, its tokens renewed if they were about to expire. */
export async function readSession(request: Request): Promise<SessionLookup> {
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

/**
 * SPEC.md §4 'Session': no session goes to sign-in, one no longer valid through the expired-session
 * screen, both back to `returnTo`. A session whose renewal went unanswered has not expired.
 */
export async function requireVisitor(request: Request, returnTo = "/"): Promise<PortalSession> {
  const { cookiePresent, session, renewalUnanswered } = await readSession(request);
  if (session) return session;
  const target = withReturnTo(cookiePresent && !renewalUnanswered ? "/session-expired" : "/auth/sign-in", returnTo);
  throw redirect(target, { headers: privatePageHeaders });
}

/** The signed-in layout's session, read by its middleware for every loader and action under it. */
const sessionContext = createContext<PortalSession>();

/** A private answer: `Cache-Control: no-store`, on a copy when the response's headers cannot change (a fetched body). */
function neverStored(response: Response): Response {
  try {
    response.headers.set("Cache-Control", privatePageHeaders["Cache-Control"]);
    return response;
  } catch {
    return neverStored(new Response(response.body, response));
  }
}

/**
 * The signed-in layout's middleware: the session, read once per request (tokens renewed when due), or
 * sign-in and back to the page. Every answer under the layout is private and never stored.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const returnTo = servedPageOf(url.pathname) ?? safeReturnTo(`${url.pathname}${url.search}`);
  context.set(sessionContext, await requireVisitor(request, returnTo));
  return neverStored(await next());
};

/** Any signed-in visitor's session, participant or results-link, under the signed-in layout. */
export function visitorSession(context: Readonly<RouterContextProvider>): PortalSession {
  return context.get(sessionContext);
}

/** A participant who signed in with the IdP; a results-link visitor is sent to their results page. */
export function participantSession(context: Readonly<RouterContextProvider>): PortalSession {
  const session = visitorSession(context);
  if (session.tokenType === "ACCESS") throw redirect("/", { headers: privatePageHeaders });
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

/** One flow's state in the session: read it, or forget it (the flow starts again). */
export const flowOf = <T>(flow: string) => ({
  state: (session: PortalSession) => flowState<T>(session, flow),
  forget: (session: PortalSession) => saveFlowState(session, flow, null),
});

export async function saveFlowState(session: PortalSession, flow: string, value: unknown | null): Promise<void> {
  await writeFlowState(session.idHash, flow, value);
  if (isResumable(flow)) await keepForResuming(session.userId, flow, value);
  if (value === null) delete session.flowState[flow];
  else session.flowState[flow] = value;
}

/** Headers every private page answers with. */
export const privatePageHeaders = { "Cache-Control": "no-store" } as const;
