import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** A response as the server sent it, asking for `acceptEncoding` (fetch would undo the compression). */
export function sentResponse(url: string, acceptEncoding = "gzip"): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** A response's headers as the server sent them, asking for gzip. */
export async function sentHeaders(url: string): Promise<IncomingHttpHeaders> {
  return (await sentResponse(url)).headers;
}
