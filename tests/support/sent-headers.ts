import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** A response's headers as the server sent them, asking for gzip (fetch would undo the compression). */
export function sentHeaders(url: string): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      response.resume();
      resolve(response.headers);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
