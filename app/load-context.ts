import type { AppLoadContext } from "@remix-run/node";
import type { Namespace } from "~/i18n";
import type { SessionLookup } from "~/services/session.server";

/**
 * What server/index.ts hands every loader and action (`getLoadContext`): the response's CSP nonce,
 * the request id, the translation namespaces the page needs, a slot where the first loader to read
 * the session leaves the read for the others of the same request, a slot for other answers loaders
 * share, and whether the process is draining (stopping).
 */
export interface PortalLoadContext {
  nonce: string;
  requestId: string;
  session: { lookup?: Promise<SessionLookup> };
  /** Answers several loaders of the same request share (app/services/per-request.server.ts). */
  perRequest: Map<string, Promise<unknown>>;
  isDraining: () => boolean;
  /** The translation namespaces the requested page's routes declare; every namespace when unknown. */
  translationNamespaces?: readonly Namespace[];
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation: Remix's context is the portal's
  interface AppLoadContext extends PortalLoadContext {}
}

/** A fresh context for one request. */
export function createLoadContext(fields: Omit<PortalLoadContext, "session" | "perRequest">): AppLoadContext {
  return { ...fields, session: {}, perRequest: new Map() };
}
