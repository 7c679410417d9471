import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

/** Keeps a caller's request id when it is harmless to log, echo and forward; otherwise makes a new one. */
export function saneRequestId(given: unknown): string {
  return typeof given === "string" && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}
