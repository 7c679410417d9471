import { renderToString } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

/** Rendered in one pass to a string, as the portal's pages are (app/entry.server.tsx). */
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const html = renderToString(<ServerRouter context={context} url={request.url} />);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}
