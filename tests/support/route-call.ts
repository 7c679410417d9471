import type { RouterContextProvider } from "react-router";
import { testLoadContext } from "./load-context";

type RouteArgs = { request: Request; params: Record<string, string>; context: Readonly<RouterContextProvider>; url: URL; pattern: string };

/**
 * A loader or action called as React Router calls it for one request, answered as the client gets
 * it: a Response as it is, `data()` and plain objects as JSON with their status and headers, and a
 * thrown Response or `data()` likewise (an error boundary's status).
 */
export async function callRoute(
  route: (args: RouteArgs) => unknown,
  request: Request,
  context: Readonly<RouterContextProvider> = testLoadContext(),
): Promise<Response> {
  try {
    return asResponse(await route({ request, params: {}, context, url: new URL(request.url), pattern: "" }));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return asResponse(thrown);
    throw thrown;
  }
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return Response.json(value.data, value.init ?? undefined);
  return Response.json(value ?? null);
}

/**
 * A loader or action under the signed-in layout, called as React Router calls it: the layout's
 * middleware (the session read once, the answer kept out of caches, or a redirect to sign in) runs
 * first and leaves the session in the context. Import it once the portal is configured.
 */
export async function callPortalRoute(
  route: (args: RouteArgs) => unknown,
  request: Request,
  context: Readonly<RouterContextProvider> = testLoadContext(),
): Promise<Response> {
  const { middleware } = await import("~/routes/_portal");
  const url = new URL(request.url);
  const args = { request, params: {}, context, url, pattern: "" } as Parameters<(typeof middleware)[number]>[0];
  const run = async (index: number): Promise<Response> => {
    const step = middleware[index];
    if (!step) return callRoute(route, request, context);
    return (await step(args, () => run(index + 1))) as Response;
  };
  try {
    return await run(0);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
