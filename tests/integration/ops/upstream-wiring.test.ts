import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../lib/postgres/index.ts";

/**
 * Every caller of another service goes through the one upstream client (app/services/upstream.server.ts):
 * each call reaches the service with the request id, and leaves one "upstream call" line naming the
 * service and the path without its query string.
 */

type Seen = { method: string; path: string; search: string; headers: IncomingHttpHeaders };
const seen: Seen[] = [];
let server: Server;
let base: string;
/**
 * Characters Basic auth and form encoding treat specially must reach the provider as they are: in the
 * secret (the client id is limited to letters, digits, '-', '.', '_' and '*', which include '*' and '.').
 */
const clientId = "portal.client*1";
const clientSecret = "s3cret+with/slash:colon %percent&amp=equals-and-more-than-32-chars";

function answer(path: string): [number, unknown] {
  if (path === "/.well-known/openid-configuration") {
    return [200, { issuer: base, token_endpoint: `${base}/token`, revocation_endpoint: `${base}/revoke`, jwks_uri: `${base}/jwks` }];
  }
  if (path === "/token") return [400, { error: "invalid_grant", error_description: "grant ended" }];
  if (path.startsWith("/api/account/")) return [200, { status: "SUCCESS", nextStep: "challenge-authenticator" }];
  if (path === "/api/captcha/challenge") return [200, { parameters: { nonce: "n" } }];
  if (path.startsWith("/results/") || path.startsWith("/reports/")) return [404, { message: "No results were found for this participant" }];
  return [200, {}];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { pathname: path, search } = new URL(req.url ?? "/", "http://sink.invalid");
    seen.push({ method: req.method ?? "", path, search, headers: req.headers });
    req.resume();
    req.on("end", () => {
      const [status, body] = answer(path);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv("IDP_ISSUER", base);
  vi.stubEnv("IDP_CLIENT_ID", clientId);
  vi.stubEnv("IDP_CLIENT_SECRET", clientSecret);
  vi.stubEnv("RESULTS_API_URL", base);
  vi.stubEnv("LOG_LEVEL", "info");
  vi.resetModules();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const requestWithId = (id: string) => new Request("http://localhost:3000/", { headers: { "x-request-id": id } });

async function portalLogLines() {
  const { logger } = await import("~/services/logger.server");
  const info = vi.spyOn(logger, "info");
  return {
    upstreamLine: (upstream: string, path: string) =>
      info.mock.calls.map(([fields]) => fields as Record<string, unknown>).find((f) => f.upstream === upstream && f.path === path),
  };
}

const lastSeen = (path: string) => seen.findLast((request) => request.path === path);

describe("each caller of another service goes through the upstream client", () => {
  it("results and reports: the request id goes along, one line each", async () => {
    const lines = await portalLogLines();
    const { fetchPatientResults } = await import("~/services/results.server");
    const { fetchReportUrl } = await import("~/services/reports.server");
    expect(await fetchPatientResults({ accessToken: "t", userId: "P1", requestId: "results-1" })).toMatchObject({ ok: false, status: 404 });
    expect(lastSeen("/results/P1")?.headers["x-request-id"]).toBe("results-1");
    expect(lines.upstreamLine("results", "/results/P1")).toMatchObject({ status: 404, requestId: "results-1" });
    const report = await fetchReportUrl({
      request: requestWithId("report-1"),
      accessToken: "t",
      sourceId: "s",
      appId: "a",
      userId: "P1",
      language: "es",
    });
    expect(report).toMatchObject({ ok: false, status: 404 });
    expect(lastSeen("/reports/s/a/P1")?.headers["x-request-id"]).toBe("report-1");
    // The report is asked for in the page's language.
    expect(lastSeen("/reports/s/a/P1")?.search).toBe("?lang=es");
    expect(lines.upstreamLine("results", "/reports/s/a/P1")).toMatchObject({ status: 404 });
  });

  it("the account API and the captcha challenge", async () => {
    const lines = await portalLogLines();
    const { callAccountApi } = await import("~/services/account.server");
    const { captchaChallenge } = await import("~/services/captcha.server");
    expect(await callAccountApi("recover-password", { accessToken: "t", requestId: "account-1" })).toMatchObject({ ok: true });
    expect(lastSeen("/api/account/recover-password")).toMatchObject({ method: "POST" });
    expect(lastSeen("/api/account/recover-password")?.headers["x-request-id"]).toBe("account-1");
    expect(lines.upstreamLine("identity", "/api/account/recover-password")).toMatchObject({ method: "POST", status: 200 });
    expect(await captchaChallenge("captcha-1")).toEqual({ parameters: { nonce: "n" } });
    expect(lastSeen("/api/captcha/challenge")?.headers["x-request-id"]).toBe("captcha-1");
  });

  it("the identity provider's discovery, token and revocation endpoints", async () => {
    const lines = await portalLogLines();
    const { idpMetadata, refreshTokens, revokeToken, TokenEndpointError } = await import("~/services/idp.server");
    expect((await idpMetadata()).token_endpoint).toBe(`${base}/token`);
    expect(lines.upstreamLine("identity", "/.well-known/openid-configuration")).toMatchObject({ status: 200 });
    await expect(refreshTokens("refresh")).rejects.toBeInstanceOf(TokenEndpointError);
    expect(lastSeen("/token")?.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded\b/);
    // RFC 6749 §2.3.1: id and secret form-encoded, then joined by a colon, then base64.
    const basic = /^Basic (.+)$/.exec(lastSeen("/token")?.headers.authorization ?? "")?.[1] ?? "";
    const [encodedId, encodedSecret, ...rest] = Buffer.from(basic, "base64").toString("utf8").split(":");
    const formDecode = (text = "") => decodeURIComponent(text.replaceAll("+", " "));
    expect(rest).toEqual([]);
    expect([formDecode(encodedId), formDecode(encodedSecret)]).toEqual([clientId, clientSecret]);
    expect(lines.upstreamLine("identity", "/token")).toMatchObject({ method: "POST", status: 400 });
    await revokeToken("token", "refresh_token");
    expect(lines.upstreamLine("identity", "/revoke")).toMatchObject({ method: "POST", status: 200 });
  });

  it("readiness checks", async () => {
    const lines = await portalLogLines();
    const { checkReadiness } = await import("~/services/readiness.server");
    const database = async () => ({ query: async () => [{ ok: 1 }] }) as unknown as Database;
    expect((await checkReadiness({ database, issuer: base, resultsUrl: base })).ready).toBe(true);
    expect(lines.upstreamLine("identity", "/.well-known/openid-configuration")).toBeDefined();
    expect(lines.upstreamLine("results", "/healthz")).toMatchObject({ status: 200 });
  });

  it("analytics and error reports", async () => {
    const captured: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void captured.push(JSON.parse(line) as Record<string, unknown>) });
    const { createAnalytics } = await import("~/services/analytics.server");
    const { flushErrorReports, reportServerError, startErrorReporting } = await import("~/services/error-reporter.server");
    const { privacyChoicesCookie } = await import("~/services/privacy-choices.server");
    const consent = (await privacyChoicesCookie.serialize({ analytics: true })).split(";")[0] ?? "";
    const analytics = createAnalytics({ enabled: true, url: `${base}/identify`, appId: "app", logger });
    const request = new Request("http://localhost:3000/", { headers: { "x-request-id": "analytics-1", cookie: consent } });
    expect(await analytics.identifyParticipant({ request, heapIdentifier: "heap-1" })).toBe("sent");
    expect(lastSeen("/identify")?.headers["x-request-id"]).toBe("analytics-1");
    expect(captured.find((line) => line.upstream === "analytics")).toMatchObject({ path: "/identify", status: 200 });
    const dsn = `${base.replace("//", "//publickey@")}/7`;
    await startErrorReporting({ dsn, logger, environment: "test", release: "test" });
    const { logger: portalLogger } = await import("~/services/logger.server");
    vi.spyOn(portalLogger, "error").mockImplementation(() => undefined);
    reportServerError(new Error("boom"));
    await flushErrorReports();
    await startErrorReporting(null);
    expect(lastSeen("/api/7/envelope/")?.search).toContain("sentry_key=publickey");
    expect(captured.find((line) => line.upstream === "error-reporting")).toMatchObject({ path: "/api/7/envelope/", status: 200 });
  });
});
