import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { createPortalLogger } from "~/services/logger.server";
import { callUpstream } from "~/services/upstream.server";
import { createPortalApp } from "../../../server/app.ts";
import { startHttpSink, type HttpSink } from "./support/http-sink";

const lines: Array<Record<string, unknown>> = [];
const logger = createPortalLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }, "info");
let server: Server;
let baseUrl: string;
let sink: HttpSink;
const seenIds: string[] = [];

beforeAll(async () => {
  // The server file's middleware in front of a stand-in for the app.
  const { app } = createPortalApp({
    config: { portalOrigin: "http://localhost:3000", idpOrigin: "http://localhost:3001", production: false },
    logger,
    edge: { renderRefusalPage: async () => "refused" },
    app: (req, res, next) => {
      seenIds.push(String(req.headers["x-request-id"]));
      if (req.url.startsWith("/half-sent")) {
        res.writeHead(200, { "content-type": "text/plain" }).write("the first part");
        return next(new Error("the results stream broke"));
      }
      res.status(req.url.startsWith("/missing") ? 404 : 200).end("ok");
    },
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sink = await startHttpSink();
});
afterAll(async () => {
  await sink.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.signaturepart";

function requestLines(path: string) {
  return lines.filter((line) => line.msg === "request" && line.path === path);
}

describe("request logging", () => {
  it("writes one line per request with method, path, status, duration and request id, and echoes the id", async () => {
    const response = await fetch(`${baseUrl}/missing/page?lang=es`, { headers: { "x-request-id": "abc-123" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    await expect.poll(() => requestLines("/missing/page")).toHaveLength(1);
    const [line] = requestLines("/missing/page");
    assert.isDefined(line);
    expect(line).toMatchObject({ level: 30, service: "portal", method: "GET", status: 404, requestId: "abc-123" });
    expect(typeof line.durationMs).toBe("number");
    expect(seenIds.at(-1)).toBe("abc-123");
  });

  it("replaces an unsafe request id with a generated one that the handler also sees", async () => {
    const response = await fetch(`${baseUrl}/ok`, { headers: { "x-request-id": "forged id with spaces" } });
    const echoed = response.headers.get("x-request-id")!;
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenIds.at(-1)).toBe(echoed);
    await expect.poll(() => requestLines("/ok").at(-1)?.requestId).toBe(echoed);
  });

  it("never writes a token, password, code or e-mail address from the URL", async () => {
    await fetch(`${baseUrl}/callback?code=123456&access_token=${jwt}&password=hunter2hunter2&email=a%40b.io`);
    await fetch(`${baseUrl}/users/jane@example.com/${jwt}`);
    await expect.poll(() => lines.filter((line) => line.msg === "request").length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(lines);
    for (const secret of ["123456", "eyJ", "hunter2", "a%40b.io", "jane@example.com", "access_token"]) expect(text).not.toContain(secret);
    expect(requestLines("/callback")).toHaveLength(1);
  });
  it("cuts an answer that fails half-sent and logs why, with its request id", async () => {
    // The client never gets a whole answer: the connection ends before its body does.
    const read = fetch(`${baseUrl}/half-sent`, { headers: { "x-request-id": "half-1" } }).then((response) => response.text());
    await expect(read).rejects.toThrow();
    await expect
      .poll(() => lines.find((line) => line.msg === "answer cut short"))
      .toMatchObject({ level: 40, requestId: "half-1", err: { message: "the results stream broke" } });
  });
});

describe("the upstream client", () => {
  it("forwards the request id and logs method, upstream, path without query, status, duration and attempt", async () => {
    const reply = await callUpstream(
      {
        upstream: "results",
        url: `${sink.url}/results/user-1?sourceID=s1&token=${jwt}`,
        requestId: "req-77",
        headers: { Authorization: `Bearer ${jwt}` },
        timeoutMs: 2_000,
        logger,
      },
      2,
    );
    expect(reply).toMatchObject({ answered: true, status: 200 });
    expect(sink.received.at(-1)!.headers["x-request-id"]).toBe("req-77");
    expect(sink.received.at(-1)!.headers.authorization).toBe(`Bearer ${jwt}`);
    const line = lines.find((entry) => entry.msg === "upstream call" && entry.requestId === "req-77");
    expect(line).toMatchObject({ method: "GET", upstream: "results", path: "/results/user-1", status: 200, attempt: 2 });
    expect(typeof line!.durationMs).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("eyJ");
  });

  it("answers a call that got no answer as unanswered (599), logged at warn with status -1, never thrown", async () => {
    const reply = await callUpstream({
      upstream: "identity",
      url: "http://127.0.0.1:9/down",
      requestId: "req-88",
      timeoutMs: 2_000,
      logger,
    });
    expect(reply).toMatchObject({ answered: false, status: 599 });
    expect(lines.find((entry) => entry.requestId === "req-88")).toMatchObject({
      msg: "upstream call failed",
      status: -1,
      upstream: "identity",
      level: 40,
    });
  });
});
