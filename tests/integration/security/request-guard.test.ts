import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushErrorReports, startErrorReporting } from "~/services/error-reporter.server";
import { FORM_BODY_LIMIT_BYTES } from "~/services/form-body.server";
import { rememberLanguage } from "~/services/language.server";
import { logger } from "~/services/logger.server";
import { renderRefusalPage } from "~/services/refusal-page.server";
import { createPortalApp } from "../../../server/app.ts";
import { startSentryIngest, type SentryIngest } from "../../support/sentry-ingest";
import { crossSiteHeaders } from "./support/cross-site-headers";

/** The guard as server/index.ts puts it in front of the app, with a stand-in app that records what reaches it. */

const portalOrigin = new URL(process.env.PORTAL_URL ?? "http://localhost:3000").origin;
const reached: string[] = [];
let server: Server;
let base: string;
let ingest: SentryIngest;
const logLevel = logger.level;

beforeAll(async () => {
  logger.level = "silent";
  ingest = await startSentryIngest();
  await startErrorReporting({ dsn: ingest.dsn, environment: "production", release: "test" });
  const { app } = createPortalApp({
    config: { portalOrigin, idpOrigin: "http://localhost:3001", production: false },
    logger,
    edge: { renderRefusalPage },
    app: (request, response) => {
      reached.push(`${request.method} ${request.originalUrl}`);
      request.resume();
      request.on("end", () => response.end("from the app"));
    },
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  logger.level = logLevel;
  await startErrorReporting(null);
  await ingest.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function post(path: string, headers: Record<string, string>, body: BodyInit = "a=1") {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** A request exactly as written, for targets fetch cannot send (absolute-form, asterisk-form). */
function raw(method: string, target: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, method, path: target }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the request guard in front of the portal", () => {
  it("answers valid HTTP the portal does not serve with a 4xx page, never a 500 and never an error report", async () => {
    const error = vi.spyOn(logger, "error");
    const absolute = await raw("GET", `${base}/`);
    expect(absolute.status).toBe(400);
    expect(absolute.body).toContain("The request could not be understood.");
    expect((await raw("GET", "*")).status).toBe(400);
    const trace = await raw("TRACE", "/");
    expect(trace.status).toBe(405);
    expect(trace.allow).toBe("GET, HEAD, POST");
    expect(trace.body).toContain("This kind of request is not accepted here.");
    expect(reached).toEqual([]);
    expect(error).not.toHaveBeenCalled();
    await flushErrorReports();
    expect(ingest.received).toEqual([]);
    vi.restoreAllMocks();
  });

  it("answers a cross-site POST itself with the translated 403 screen, logged as a warning, never reported", async () => {
    const warn = vi.spyOn(logger, "warn");
    const error = vi.spyOn(logger, "error");
    for (const headers of crossSiteHeaders) {
      const response = await post("/results/report?token=secret-value", headers);
      const body = await response.text();
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(body).toContain('<html lang="en"');
      expect(body).toMatch(/<h1\b[^>]*>Unexpected Application Error!<\/h1>/);
      expect(body).toContain("403 This request was refused because it did not come from the portal.");
    }
    expect(reached).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0]).toEqual([
      expect.objectContaining({ method: "POST", path: "/results/report", status: 403 }),
      "request refused",
    ]);
    expect(error).not.toHaveBeenCalled();
    await flushErrorReports();
    expect(ingest.received).toEqual([]);
    vi.restoreAllMocks();
  });

  it("speaks the participant's language by the portal's rule: the language cookie, else English, whatever the browser asks", async () => {
    const cookie = (await rememberLanguage("es")).split(";", 1)[0] ?? "";
    const byCookie = await (await post("/language", { origin: "https://attacker.example", cookie, "accept-language": "en" })).text();
    expect(byCookie).toContain('<html lang="es"');
    expect(byCookie).toContain("403 Se rechazó esta solicitud porque no provino del portal.");
    const byDefault = await (await post("/language", { origin: "https://attacker.example", "accept-language": "es-MX,en;q=0.5" })).text();
    expect(byDefault).toContain('<html lang="en"');
  });

  it("refuses a declared body above the form limit with 413 before the portal reads it", async () => {
    const response = await post("/privacy-choices", { origin: portalOrigin }, "a=" + "x".repeat(FORM_BODY_LIMIT_BYTES));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("413 The request is too large.");
    expect(reached).toEqual([]);
  });

  it("refuses it at a path a URL parser reads as another host ('//'), with the translated page, not a 500", async () => {
    for (const path of ["//", "//?lang=es", "///x"]) {
      const response = await post(path, { origin: portalOrigin }, "a=" + "x".repeat(FORM_BODY_LIMIT_BYTES));
      expect(response.status, path).toBe(413);
      expect(await response.text()).toContain(path.includes("lang=es") ? '<html lang="es"' : "413 The request is too large.");
    }
    expect(reached).toEqual([]);
  });

  it("lets through same-origin POSTs, clients without Origin or Sec-Fetch-Site, reads from anywhere, and bodies within the limit", async () => {
    expect((await post("/language", { origin: portalOrigin })).status).toBe(200);
    expect((await post("/language", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await post("/language", {})).status).toBe(200);
    expect((await post("/privacy-choices", { origin: portalOrigin }, "a=" + "x".repeat(FORM_BODY_LIMIT_BYTES - 2))).status).toBe(200);
    expect(
      (await fetch(new URL("/", base), { headers: { origin: "https://attacker.example", "sec-fetch-site": "cross-site" } })).status,
    ).toBe(200);
    expect(reached).toEqual(["POST /language", "POST /language", "POST /language", "POST /privacy-choices", "GET /"]);
  });
});
