import { useEffect } from "react";

/** A broken page can throw in a loop; a few reports per page view say all there is to say. */
const MAX_REPORTS_PER_PAGE = 10;

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  return { message: typeof reason === "string" ? reason : "Unhandled rejection with a non-error value" };
}

/** Sends uncaught browser errors to the portal, which redacts and forwards them to the error-reporting service. */
export function BrowserErrorReporter() {
  useEffect(() => {
    const sent = new Set<string>();

    function send(kind: "error" | "unhandledrejection", details: { message: string; stack?: string }) {
      // Errors from other origins arrive without any detail; there is nothing to report.
      if (!details.message || details.message === "Script error.") return;
      const key = `${kind}:${details.message}`;
      if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
      sent.add(key);
      fetch("/client-errors", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          kind,
          message: details.message.slice(0, 2_000),
          stack: details.stack?.slice(0, 12_000),
          path: window.location.pathname,
        }),
        credentials: "same-origin",
        keepalive: true,
      }).catch(() => undefined);
    }

    const onError = (event: ErrorEvent) => send("error", event.error instanceof Error ? describe(event.error) : { message: event.message });
    const onRejection = (event: PromiseRejectionEvent) => send("unhandledrejection", describe(event.reason));

    const listening = new AbortController();
    window.addEventListener("error", onError, { signal: listening.signal });
    window.addEventListener("unhandledrejection", onRejection, { signal: listening.signal });
    return () => listening.abort();
  }, []);
  return null;
}
