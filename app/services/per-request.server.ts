import type { RouterContextProvider } from "react-router";
import { portalRequestOf } from "~/services/load-context.server";

/**
 * The first loader of a request to ask computes the answer; the others of the same request (a layout
 * and its page) get the same promise. Without a context (a direct call), it is computed each time.
 */
export function oncePerRequest<T>(
  context: Readonly<RouterContextProvider> | undefined,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const memo = portalRequestOf(context)?.perRequest;
  if (!memo) return compute();
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as Promise<T>;
}
