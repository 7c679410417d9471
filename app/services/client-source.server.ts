import { createHmac } from "node:crypto";
import { env } from "./env.server";

/**
 * A client's address as a keyed hash for one purpose: enough to count what one source sends, nothing
 * to find it by (the address never leaves the portal, and the hash means nothing without the key).
 */
export function clientSourceHash(purpose: string, clientAddress: string): string {
  return createHmac("sha256", env.SESSION_SECRET).update(`${purpose}:${clientAddress}`).digest("base64url");
}
