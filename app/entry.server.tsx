import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/layout/nonce";
import { toLanguage } from "~/i18n";
import { TranslationProvider } from "~/i18n-react";
import { withErrorTitle, withLowPriorityModules } from "~/services/document-html.server";
import { logClientError, reportServerError } from "~/services/error-reporter.server";
import { pageTranslator } from "~/services/i18n.server";

/** What server/index.ts takes from the build besides Remix's own handler. */
export { closeDatabase as releaseResources } from "~/services/db.server";
export { renderRefusalPage } from "~/services/refusal-page.server";
export { startSessionSweep } from "~/services/session-sweep.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const rootData = remixContext.staticHandlerContext.loaderData.root as { language?: string } | undefined;
  const translator = pageTranslator(toLanguage(rootData?.language));
  // Nothing on the portal's pages suspends (no deferred data): the page renders in one pass to a
  // string, which costs less than React's byte stream. A render error throws, and Remix renders the
  // error boundary instead (handleError reports it), as it did for an error in the stream's shell.
  const html = renderToString(
    <NonceProvider value={loadContext.nonce}>
      <TranslationProvider translator={translator}>
        <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
      </TranslationProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const page = withErrorTitle(withLowPriorityModules(html), translator.fixed("common")("meta.errorPrefix"));
  return new Response(`<!DOCTYPE html>${page}`, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return logClientError(error.status, request);
  reportServerError(error, request);
}
