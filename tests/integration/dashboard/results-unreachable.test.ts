import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PortalSession } from "~/services/session.server";

/**
 * The dashboard loader's work against a results service that is stopped, slow, failing or
 * recovering: each ends on its screen, quickly, with its log line.
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
let server: Server;
let baseUrl = "";
const dataDir = mkdtempSync(path.join(tmpdir(), "dashboard-test-"));

function listen(): Promise<Server> {
  return new Promise((resolve) => {
    const created = createServer((req, res) => handler(req, res));
    created.listen(0, "127.0.0.1", () => resolve(created));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const session = {
  idHash: "h",
  userId: "P1001",
  tokenType: "IDP",
  email: "ada@example.test",
  fullName: "Ada Testwell",
  sourceId: null,
  accessToken: "not-a-real-token",
  accessTokenExpiresAt: new Date(Date.now() + 600_000),
  refreshToken: null,
  idToken: null,
  renewals: [],
  flowState: {},
  participantFlags: [],
} as unknown as PortalSession;

let modules: {
  loadDashboard: typeof import("~/services/dashboard-data.server").loadDashboard;
  fetchReportUrl: typeof import("~/services/reports.server").fetchReportUrl;
  openReportPage: typeof import("~/services/reports.server").openReportPage;
  logger: typeof import("~/services/logger.server").logger;
};

beforeAll(async () => {
  server = await listen();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.RESULTS_API_URL = baseUrl;
  process.env.RESULTS_TIMEOUT_MS = "300";
  // These cases are about the retries; the breaker, which would open across them, has its own suite.
  process.env.RESULTS_BREAKER_FAILURES = "1000";
  process.env.PORTAL_DATA_DIR = dataDir;
  process.env.LOG_LEVEL = "silent";
  modules = {
    loadDashboard: (await import("~/services/dashboard-data.server")).loadDashboard,
    fetchReportUrl: (await import("~/services/reports.server")).fetchReportUrl,
    openReportPage: (await import("~/services/reports.server")).openReportPage,
    logger: (await import("~/services/logger.server")).logger,
  };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  const { closeDatabase } = await import("~/services/db.server");
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => vi.restoreAllMocks());

const request = () => new Request("http://localhost/");

describe("My Results loader against a failing results service", () => {
  it("a stopped service shows the network error screen within a few seconds, logged as info", async () => {
    const stopped = await listen();
    const stoppedUrl = `http://127.0.0.1:${(stopped.address() as AddressInfo).port}`;
    await new Promise((resolve) => stopped.close(resolve));
    const env = (await import("~/services/env.server")).env;
    const original = env.RESULTS_API_URL;
    env.RESULTS_API_URL = stoppedUrl;
    const info = vi.spyOn(modules.logger, "info");
    const error = vi.spyOn(modules.logger, "error");
    const started = Date.now();
    try {
      const outcome = await modules.loadDashboard(request(), session);
      expect(outcome).toEqual({ kind: "data", data: { screen: "network-error" }, status: 503 });
    } finally {
      env.RESULTS_API_URL = original;
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ status: 599, message: "Network Error" }), expect.any(String));
    expect(error).not.toHaveBeenCalled();
  });

  it("a service that never answers ends on the network error screen after three timed-out attempts", async () => {
    let attempts = 0;
    handler = () => {
      attempts += 1; // never answers
    };
    const started = Date.now();
    const outcome = await modules.loadDashboard(request(), session);
    expect(outcome).toMatchObject({ kind: "data", data: { screen: "network-error" } });
    expect(attempts).toBe(3);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("three 500s show the generic error screen, logged as an error with the kept status and message", async () => {
    let attempts = 0;
    handler = (_req, res) => {
      attempts += 1;
      sendJson(res, 500, { status: 500, message: "database down" });
    };
    const error = vi.spyOn(modules.logger, "error");
    const outcome = await modules.loadDashboard(request(), session);
    expect(outcome).toEqual({ kind: "data", data: { screen: "server-error" }, status: 500 });
    expect(attempts).toBe(3);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ status: 500, message: "database down" }), expect.any(String));
  });

  it("failing twice then answering shows the results, with the bearer token sent each time", async () => {
    const seen: (string | undefined)[] = [];
    handler = (req, res) => {
      seen.push(req.headers.authorization);
      if (seen.length < 3) return sendJson(res, 503, { status: 503, message: "busy" });
      sendJson(res, 200, {
        kitStatus: "3",
        apps: [
          { appID: "a1", appName: "traits", label: "Traits", labelEs: "Rasgos", type: "traits" },
          { appID: "a2", appName: "health", label: null, labelEs: "Salud", type: "health" },
        ],
        isHealthOrResearch: false,
        agreements: ["rc"],
        heapIdentifier: "h-1",
        Patient: { firstName: "Ada", lastName: "Testwell" },
      });
    };
    const outcome = await modules.loadDashboard(request(), session);
    expect(seen).toEqual(Array(3).fill("Bearer not-a-real-token"));
    expect(outcome).toEqual({
      kind: "data",
      status: 200,
      data: {
        screen: "full",
        kitStatus: 3,
        kitHistory: { reachedOn: {}, nextStepExpectedBy: null, delayReason: null },
        isHealthOrResearch: false,
        apps: [
          {
            appID: "a1",
            appName: "traits",
            label: "Traits",
            labelEs: "Rasgos",
            type: "traits",
            reportReady: true,
            fileBytes: null,
            versions: [],
            updated: false,
            variantFound: false,
          },
        ],
        kits: [],
        welcomeBanner: true,
      },
    });
  });

  it("a participant who dismissed the welcome banner does not see it again, known from the session without a query", async () => {
    handler = (_req, res) =>
      sendJson(res, 200, {
        kitStatus: "3",
        apps: [{ appID: "a1", appName: "traits", label: "Traits", labelEs: "Rasgos", type: "traits" }],
        isHealthOrResearch: false,
        agreements: ["rc"],
        heapIdentifier: "h-1",
        Patient: { firstName: "Ada", lastName: "Testwell" },
      });
    const { database } = await import("~/services/db.server");
    const query = vi.spyOn(await database(), "query");
    const dismissed = { ...session, participantFlags: ["banner-dismissed:welcome"] };
    expect(await modules.loadDashboard(request(), dismissed)).toMatchObject({ data: { screen: "full", welcomeBanner: false } });
    expect(await modules.loadDashboard(request(), session)).toMatchObject({ data: { screen: "full", welcomeBanner: true } });
    expect(query).not.toHaveBeenCalled();
  });

  it("a 401 ends the session and goes to sign-in at once, without retrying", async () => {
    let attempts = 0;
    handler = (_req, res) => {
      attempts += 1;
      sendJson(res, 401, { status: 401, message: "expired" });
    };
    const outcome = await modules.loadDashboard(request(), { ...session, tokenType: "ACCESS" } as PortalSession);
    expect(attempts).toBe(1);
    expect(outcome.kind).toBe("response");
    const response = (outcome as { response: Response }).response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/sign-in");
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });
});

describe("report path (SPEC.md §7)", () => {
  const options = () => ({
    request: request(),
    accessToken: "not-a-real-token",
    sourceId: "dna-discovery",
    language: "en",
    appId: "app 1",
    userId: "P1001",
  });

  it("asks for /reports/{source}/{app}/{user} and returns providerReportUrl on 200", async () => {
    let path = "";
    handler = (req, res) => {
      path = req.url ?? "";
      sendJson(res, 200, { providerReportUrl: "http://results.example/documents/P1001/app?signature=x" });
    };
    expect(await modules.fetchReportUrl(options())).toEqual({
      ok: true,
      reportUrl: "http://results.example/documents/P1001/app?signature=x",
    });
    expect(path).toBe("/reports/dna-discovery/app%201/P1001?lang=en");
  });

  it("fails a 200 without a web address, and any other status, once", async () => {
    handler = (_req, res) => sendJson(res, 200, { providerReportUrl: "javascript:alert(1)" });
    expect(await modules.fetchReportUrl(options())).toMatchObject({ ok: false, status: 200 });
    let attempts = 0;
    handler = (_req, res) => {
      attempts += 1;
      sendJson(res, 404, { status: 404, message: "No report was found for this app" });
    };
    expect(await modules.fetchReportUrl(options())).toEqual({ ok: false, status: 404, message: "No report was found for this app" });
    expect(attempts).toBe(1);
  });

  it("gives code 599 when the service does not answer", async () => {
    handler = () => undefined;
    expect(await modules.fetchReportUrl(options())).toEqual({ ok: false, status: 599, message: "Network Error" });
  });
});

describe("report content for the report's page", () => {
  const open = () => modules.openReportPage({ request: request(), session, appId: "app 1", language: "es" });
  const content = {
    language: "es",
    title: "Rasgos",
    participantName: "Ada",
    sections: [{ heading: "Sus rasgos", rows: [["Cerumen", "Húmedo"]] }],
  };
  const resultsWith = (app: { appName: string; type: string }) => ({
    kitStatus: 5,
    apps: [{ appID: "app 1", label: "Exome", labelEs: null, ...app }],
    isHealthOrResearch: true,
    agreements: ["rc"],
    heapIdentifier: "h-1",
    Patient: { firstName: "Ada", lastName: "Testwell" },
  });

  it("asks for /reports/{source}/{app}/{user}/content in the page's language, once, and gives the report", async () => {
    const paths: string[] = [];
    handler = (req, res) => {
      paths.push(req.url ?? "");
      sendJson(res, 200, { report: content });
    };
    expect(await open()).toEqual({ ok: true, report: content, version: null });
    expect(paths).toEqual(["/reports/dna-discovery/app%201/P1001/content?lang=es"]);
  });

  it("asks for a reissued report's version, says whether a newer one exists, and remembers the version opened", async () => {
    const paths: string[] = [];
    const first = { version: 1, issuedOn: "2026-09-08", change: null, changeEs: null };
    handler = (req, res) => {
      paths.push(req.url ?? "");
      sendJson(res, 200, { report: content, version: first, newestVersion: 2 });
    };
    const { openedVersions } = await import("~/services/report-versions.server");
    expect((await openedVersions("P1001")).get("app 1")).toBeUndefined();
    const opened = await modules.openReportPage({ request: request(), session, appId: "app 1", language: "es", version: 1 });
    expect(opened).toEqual({ ok: true, report: content, version: { ...first, newest: false } });
    expect(paths).toEqual(["/reports/dna-discovery/app%201/P1001/content?lang=es&version=1"]);
    expect((await openedVersions("P1001")).get("app 1")).toEqual([1]);
  });

  it("sends a data file, which has no content, to its download; another app with none is a failure", async () => {
    const exome = { appName: "exome-download", type: "download" };
    handler = (req, res) =>
      req.url?.startsWith("/results/")
        ? sendJson(res, 200, resultsWith(exome))
        : sendJson(res, 404, { status: 404, message: "A data file" });
    expect(await open()).toEqual({ ok: true, dataFile: true });
    handler = (req, res) =>
      req.url?.startsWith("/results/")
        ? sendJson(res, 200, resultsWith({ appName: "traits", type: "traits" }))
        : sendJson(res, 404, { status: 404, message: "No report was found for this app" });
    expect(await open()).toEqual({ ok: false, status: 404, message: "No report was found for this app" });
  });

  it("fails any other status once, a body that is no report as a bad gateway, and no answer as 599", async () => {
    let attempts = 0;
    handler = (_req, res) => {
      attempts += 1;
      sendJson(res, 500, { status: 500, message: "broken" });
    };
    expect(await open()).toEqual({ ok: false, status: 500, message: "broken" });
    expect(attempts).toBe(1);
    handler = (_req, res) => sendJson(res, 200, { report: { ...content, sections: [{ heading: "x", rows: [["only a label"]] }] } });
    expect(await open()).toMatchObject({ ok: false, status: 502 });
    handler = () => undefined;
    expect(await open()).toEqual({ ok: false, status: 599, message: "Network Error" });
  });
});
