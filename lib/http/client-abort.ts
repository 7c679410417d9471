import type { IncomingMessage } from "node:http";

/**
 * Whether a request failed because its client went away (closed the tab, gave up on a download,
 * dropped the connection): the client's doing, logged at info, never as the service's error.
 */
export function isClientAbort(error: unknown, req: IncomingMessage): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && ["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"].includes(code)) return true;
  if (error instanceof Error && error.message === "aborted") return true;
  return req.socket?.destroyed === true;
}
