import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/**
 * Once the process is stopping, every answer tells its client to leave (`Connection: close`),
 * including the answers to requests already running when the signal came, so kept-alive clients
 * move to another instance instead of waiting on a closed one.
 */
export function createDraining() {
  let draining = false;
  const unanswered = new Set<ServerResponse>();
  const sendAway = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  const middleware: RequestHandler = (_req, res, next) => {
    if (draining) sendAway(res);
    else {
      unanswered.add(res);
      res.once("close", () => unanswered.delete(res));
    }
    next();
  };
  return {
    middleware,
    isDraining: () => draining,
    start(): void {
      draining = true;
      for (const res of unanswered) sendAway(res);
      unanswered.clear();
    },
  };
}
