import { PassThrough } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/layout/nonce";
import { toLanguage } from "~/i18n";
import { TranslationProvider } from "~/i18n-react";
import { pageTranslator } from "~/services/i18n.server";
import { closeDatabase } from "~/services/db.server";
import { reportServerError } from "~/services/error-reporter.server";
import { installRequestLogging, silenceRemixServeAccessLog } from "~/services/logger.server";
import { installGracefulShutdown } from "~/services/readiness.server";
import { installRequestGuard } from "~/services/request-guard.server";
import { applyCommonSecurityHeaders, applyDocumentSecurityHeaders, createNonce } from "~/services/security-headers.server";

installRequestLogging();
silenceRemixServeAccessLog();
installGracefulShutdown({ release: closeDatabase });
installRequestGuard();

const RENDER_TIMEOUT_MS = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  const rootData = remixContext.staticHandlerContext.loaderData.root as { language?: string } | undefined;
  const translator = pageTranslator(toLanguage(rootData?.language));
  applyDocumentSecurityHeaders(responseHeaders, nonce);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider translator={translator}>
          <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) reportServerError(error, request);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS + 1_000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyCommonSecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  reportServerError(error, request);
}
