import type { AppLoadContext } from "@remix-run/node";
import type { SessionLookup } from "~/services/session.server";

/**
 * What server/index.ts hands every loader and action (`getLoadContext`): the response's CSP nonce,
 * the request id, a slot where the first loader to read the session leaves the read for the others
 * of the same request, and whether the process is draining (stopping).
 */
export interface PortalLoadContext {
  nonce: string;
  requestId: string;
  session: { lookup?: Promise<SessionLookup> };
  isDraining: () => boolean;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation: Remix's context is the portal's
  interface AppLoadContext extends PortalLoadContext {}
}

/** A fresh context for one request. */
export function createLoadContext(fields: { nonce: string; requestId: string; isDraining: () => boolean }): AppLoadContext {
  return { ...fields, session: {} };
}
