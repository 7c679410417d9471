import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/layout/nonce";
import { toLanguage } from "~/i18n";
import { TranslationProvider } from "~/i18n-react";
import { closeDatabase } from "~/services/db.server";
import { withLowPriorityModules } from "~/services/document-html.server";
import { logClientError, reportServerError } from "~/services/error-reporter.server";
import { pageTranslator } from "~/services/i18n.server";
import { installRequestLogging, silenceRemixServeAccessLog } from "~/services/logger.server";
import { installGracefulShutdown } from "~/services/readiness.server";
import { installRequestGuard } from "~/services/request-guard.server";
import { applyCommonSecurityHeaders, applyDocumentSecurityHeaders, createNonce } from "~/services/security-headers.server";

installRequestLogging();
silenceRemixServeAccessLog();
installGracefulShutdown({ release: closeDatabase });
installRequestGuard();

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = createNonce();
  const rootData = remixContext.staticHandlerContext.loaderData.root as { language?: string } | undefined;
  const translator = pageTranslator(toLanguage(rootData?.language));
  applyDocumentSecurityHeaders(responseHeaders, nonce);
  // Nothing on the portal's pages suspends (no deferred data): the page renders in one pass to a
  // string, which costs less than React's byte stream. A render error throws, and Remix renders the
  // error boundary instead (handleError reports it), as it did for an error in the stream's shell.
  const html = renderToString(
    <NonceProvider value={nonce}>
      <TranslationProvider translator={translator}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${withLowPriorityModules(html)}`, { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyCommonSecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return logClientError(error.status, request);
  reportServerError(error, request);
}
