import type { AppLoadContext } from "@remix-run/node";
import { createLoadContext } from "~/load-context";

/** The context server/index.ts gives one request, for tests that call a loader or action directly. */
export function testLoadContext(): AppLoadContext {
  return createLoadContext({ nonce: "test-nonce", requestId: "test-request", isDraining: () => false });
}
