import { createContext, RouterContextProvider } from "react-router";

/** What server/app.ts gives every loader and action of one request (the session is the signed-in layout's middleware's). */
export interface PortalRequest {
  nonce: string;
  requestId: string;
  /** Answers several loaders of the same request share (app/services/per-request.server.ts). */
  perRequest: Map<string, Promise<unknown>>;
  isDraining: () => boolean;
  /** The address the request came from: the connection's peer, or what the proxies PORTAL_TRUSTED_PROXIES names say. */
  clientAddress?: string;
}

/** The portal's slot in React Router's typed context; empty for a loader called without one. */
export const portalRequest = createContext<PortalRequest | null>(null);

/** The request's fields, or null where a loader or service is called directly (tests, scripts). */
export function portalRequestOf(context: Readonly<RouterContextProvider> | undefined): PortalRequest | null {
  return context?.get(portalRequest) ?? null;
}

/**
 * One request's context. The server file passes a provider of its own copy of React Router (under
 * `npm run dev` Vite loads another copy, and the request handler accepts only its own class).
 */
export function createLoadContext(
  fields: Omit<PortalRequest, "perRequest">,
  context: RouterContextProvider = new RouterContextProvider(),
): RouterContextProvider {
  context.set(portalRequest, { ...fields, perRequest: new Map() });
  return context;
}
