import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUpstream, openUpstreamStream } from "~/services/upstream.server";

/** The portal's calls to another service share kept-alive connections: not one connection per call. */

let server: Server;
let baseUrl: string;
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ path: req.url }));
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the upstream client's connections", () => {
  it("answers one call after another over the same connection or two, streamed answers included", async () => {
    for (const path of ["/a", "/b", "/c", "/d", "/e", "/f", "/g"]) {
      const reply = await callUpstream({ upstream: "results", url: `${baseUrl}${path}`, timeoutMs: 2_000 });
      expect(reply).toMatchObject({ answered: true, status: 200, body: { path } });
    }
    const streamed = await openUpstreamStream({ upstream: "results", url: `${baseUrl}/file`, timeoutMs: 2_000 });
    expect(streamed.answered && (await new Response(streamed.body).json())).toEqual({ path: "/file" });
    // Eight calls: one connection each without keep-alive. The pool may open a second while the first is handed back.
    expect(connections).toBeLessThanOrEqual(2);
  });
});
