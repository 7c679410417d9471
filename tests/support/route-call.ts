import type { RouterContextProvider } from "react-router";
import { testLoadContext } from "./load-context";

type RouteArgs = { request: Request; params: Record<string, string>; context: Readonly<RouterContextProvider>; url: URL; pattern: string };

type Middleware = (args: RouteArgs, next: () => Promise<Response>) => unknown;

/** `route` behind `middleware`, as React Router runs them for one request; a thrown Response is the answer. */
async function throughMiddleware(
  middleware: readonly Middleware[],
  route: (args: RouteArgs) => unknown,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Response> {
  const args: RouteArgs = { request, params: {}, context, url: new URL(request.url), pattern: "" };
  const run = async (index: number): Promise<Response> => {
    const step = middleware[index];
    if (!step) return answerOf(route, args);
    let nextAnswer: Promise<Response> | undefined;
    const answer = await step(args, () => (nextAnswer ??= run(index + 1)));
    // As React Router does: a middleware that does not call `next` has it called after it.
    return answer instanceof Response ? answer : (nextAnswer ?? run(index + 1));
  };
  try {
    return await run(0);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * A loader or action called as React Router calls it for one request, behind the root's middleware
 * (the language, app/root.tsx), answered as the client gets it: a Response as it is, `data()` and plain objects as
 * JSON with their status and headers, and a thrown Response or `data()` likewise (an error boundary's
 * status). Import it once the portal is configured.
 */
export async function callRoute(
  route: (args: RouteArgs) => unknown,
  request: Request,
  context: Readonly<RouterContextProvider> = testLoadContext(),
): Promise<Response> {
  const { languageMiddleware } = await import("~/services/language.server");
  return throughMiddleware([languageMiddleware] as Middleware[], route, request, context);
}

/**
 * A loader or action under the signed-in layout: the layout's middleware (the session read once, the
 * answer kept out of caches, or a redirect to sign in) runs after the root's, as in the app.
 */
export async function callPortalRoute(
  route: (args: RouteArgs) => unknown,
  request: Request,
  context: Readonly<RouterContextProvider> = testLoadContext(),
): Promise<Response> {
  const [{ languageMiddleware }, layout] = await Promise.all([import("~/services/language.server"), import("~/routes/_portal")]);
  return throughMiddleware([languageMiddleware, ...layout.middleware] as Middleware[], route, request, context);
}

async function answerOf(route: (args: RouteArgs) => unknown, args: RouteArgs): Promise<Response> {
  try {
    return asResponse(await route(args));
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
