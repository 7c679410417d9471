import type { RouterContextProvider } from "react-router";
import { createLoadContext } from "~/services/load-context.server";

/** The context server/app.ts gives one request, for tests that call a loader or action directly. */
export function testLoadContext(): RouterContextProvider {
  return createLoadContext({ nonce: "test-nonce", requestId: "test-request", isDraining: () => false });
}
