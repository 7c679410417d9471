import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpSink {
  url: string;
  received: ReceivedRequest[];
  /** Resolves once at least `count` requests have arrived. */
  waitForCount(count: number): Promise<ReceivedRequest[]>;
  /** Answers later requests with this status (default 200) and body (default "{}"). */
  respondWith(status: number, body?: string): void;
  /** Holds later responses until release() is called. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A local HTTP endpoint that records what the portal sends it. */
export async function startHttpSink(): Promise<HttpSink> {
  const received: ReceivedRequest[] = [];
  const waiters: Array<{ count: number; resolve: (value: ReceivedRequest[]) => void }> = [];
  let status = 200;
  let responseBody = "{}";
  let holding = false;
  const held: ServerResponse[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...received]);
      }
      res.statusCode = status;
      // A fresh connection per request: a test that blocks the event loop (opening an embedded
      // database) must not race this server's keep-alive timeout against the client's reuse.
      res.setHeader("Connection", "close");
      if (holding) held.push(res);
      else res.end(responseBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitForCount(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    respondWith(next, body = "{}") {
      status = next;
      responseBody = body;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const res of held.splice(0)) res.end(responseBody);
    },
    close() {
      for (const res of held.splice(0)) res.end("{}");
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
