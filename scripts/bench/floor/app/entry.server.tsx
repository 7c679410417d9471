import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

/** Rendered whole, the router's data for hydration included, then sent, as the portal's pages are (app/entry.server.tsx). */
export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const stream = await renderToReadableStream(<ServerRouter context={context} url={request.url} />, { signal: request.signal });
  await stream.allReady;
  const html = await new Response(stream).text();
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}
