import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { NonceProvider } from "~/components/layout/nonce";
import { TranslationProvider } from "~/i18n/react";
import { type PageBytes, withDoctype, withErrorTitle, withScriptsAfterFirstPaint } from "~/services/document-html.server";
import { logClientError, reportServerError } from "~/services/error-reporter.server";
import { pageTranslator } from "~/services/i18n.server";
import { languageOf } from "~/services/language.server";
import { portalRequestOf } from "~/services/load-context.server";

/** What server/index.ts takes from the build besides React Router's own handler. */
export { createLoadContext } from "~/services/load-context.server";
export { closeDatabase as releaseResources } from "~/services/db.server";
export { renderRefusalPage } from "~/services/refusal-page.server";
export { startSessionSweep } from "~/services/session-sweep.server";
export { startClientCredentialsCheck } from "~/services/client-credentials.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = portalRequestOf(loadContext)?.nonce ?? "";
  // The root's middleware chose the language (app/services/language.server.ts), as remix-i18next 8 does.
  const translator = pageTranslator(languageOf(loadContext));
  // Sent whole once all has rendered (the router's hydration data suspends), so the document can be
  // edited below; a render error rejects and React Router renders the error boundary instead.
  const stream = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <TranslationProvider translator={translator}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>,
    { nonce, signal: request.signal },
  );
  await stream.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const bytes: PageBytes = Buffer.from(await new Response(stream).arrayBuffer());
  const page = withErrorTitle(withScriptsAfterFirstPaint(bytes), translator.fixed("common")("meta.errorPrefix"));
  return new Response(withDoctype(page), { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return logClientError(error.status, request);
  reportServerError(error, request);
}
