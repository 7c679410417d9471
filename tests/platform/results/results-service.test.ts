import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../lib/postgres/index.ts";
import { checkReadiness } from "../../../platform/results/readiness.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { contractCheckedFetch } from "../../support/results-contract";
import { captureLogs } from "./support/log-capture.ts";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

const demoFile = path.resolve("platform/demo/participants.json");
const demo = JSON.parse(await readFile(demoFile, "utf8")) as {
  participants: Array<{ userId: string; sourceID: string; apps: Array<{ appID: string; appName: string }> }>;
};
const ada = demo.participants.find((p) => p.userId === "P1001")!;
const adaExome = ada.apps.find((a) => a.appName === "exome-download")!;
const adaTraits = ada.apps.find((a) => a.appName === "traits")!;

let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;
let clockOffsetSeconds = 0;
let databaseUrl: string | undefined;
const logs = captureLogs();

async function startOn(dataDir: string, extra: Parameters<typeof startResultsService>[0] = {}) {
  return startResultsService({
    port: 0,
    host: "127.0.0.1",
    publicUrl: "http://results.public.test",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir,
    databaseUrl,
    demoParticipantsFile: demoFile,
    environment: "development",
    logger: logs.logger,
    nowSeconds: () => Math.floor(Date.now() / 1000) + clockOffsetSeconds,
    ...extra,
  });
}

/** The service publishes report links under its public URL; tests reach it at its listening URL. */
const reachable = (publicLink: string) => publicLink.replace("http://results.public.test", service.url);

const get = (pathname: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(service.url + pathname, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
/**
 * For what the document leaves out on purpose: answers a development fault makes up (any status a
 * test asks for) and paths or methods that are no operation at all.
 */
const getUnchecked = (pathname: string, token?: string) =>
  globalThis.fetch(service.url + pathname, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-service-test-"));
  databaseUrl = await freshDatabaseUrl("results");
  service = await startOn(path.join(workDir, "data"));
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  clockOffsetSeconds = 0;
  keys.setKeysAvailable(true);
  await fetch(`${service.url}/dev/faults`, { method: "DELETE" });
});

describe("control characters", () => {
  it.each([
    "/reports/dna-discovery/app-1001-traits%00/P1001",
    "/reports/dna%00-discovery/app-1001-traits/P1001",
    "/results/P1001%00",
    "/results/P1001?sourceID=dna-discovery%00",
    "/documents/P1001/app-1001-traits%01?expires=1&signature=x",
  ])("%s is a 400 before PostgreSQL sees it", async (pathname) => {
    const response = await get(pathname, await keys.accessTokenFor("P1001"));
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).not.toMatch(/stack|node:internal|at [\w.<>]+ \(/i);
  });
});

describe("GET /results/{userID}", () => {
  it("answers a participant's own results with every field", async () => {
    const response = await get(`/results/P1001?sourceID=${ada.sourceID}`, await keys.accessTokenFor("P1001"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      kitStatus: 5,
      kitEvents: [
        { step: 1, date: "2026-08-04" },
        { step: 2, date: "2026-08-19" },
        { step: 3, date: "2026-09-30" },
        { step: 4, date: "2026-10-21" },
        { step: 5, date: "2026-11-10" },
      ],
      nextStepExpectedBy: null,
      delayReason: null,
      apps: [
        { appID: "app-1001-health", appName: "health", label: "Health", labelEs: "Salud", type: "health" },
        { appID: "app-1001-traits", appName: "traits", label: "Traits", labelEs: "Rasgos", type: "traits" },
        { appID: "app-1001-ancestry", appName: "ancestry", label: "Ancestry", labelEs: "Ascendencia", type: "ancestry" },
        {
          appID: "app-1001-exome",
          appName: "exome-download",
          label: "Exome Download",
          labelEs: "Descarga del exoma",
          type: "download",
          // A data file's size, for the portal to name on its button.
          fileBytes: expect.any(Number),
        },
      ],
      heapIdentifier: "demo-heap-p1001",
      isHealthOrResearch: true,
      agreements: ["rc", "platform"],
      consents: [
        { consent: "platform", version: "1.0", givenOn: "2026-07-20", withdrawnOn: null },
        { consent: "research", version: "2.0", givenOn: "2026-07-20", withdrawnOn: null },
        { consent: "health", version: "3.1", givenOn: "2026-08-04", withdrawnOn: null },
        { consent: "traits", version: "1.4", givenOn: "2026-08-04", withdrawnOn: "2026-10-12" },
      ],
      // Her kits, newest first.
      kits: [
        { barcode: "100120260002", registeredAt: "2026-08-04T16:20:00.000Z", collectedOn: "2026-08-03" },
        { barcode: "100120250009", registeredAt: "2025-03-11T09:05:00.000Z", collectedOn: "2025-03-10" },
      ],
      Patient: { firstName: "Ada", middleName: "Maren", lastName: "Testwell", email: "ada@example.test" },
    });
  });

  it("keeps a missing kit status as null and unlabelled apps in the list", async () => {
    const missing = await (await get("/results/P1007", await keys.accessTokenFor("P1007"))).json();
    expect(missing.kitStatus).toBeNull();
    expect(missing.Patient.middleName).toBeNull();

    const partner = await (await get("/results/P1009", await keys.accessTokenFor("P1009"))).json();
    expect(partner.apps).toHaveLength(4);
    expect(partner.apps.filter((app: { label: string | null }) => app.label === null)).toHaveLength(1);
  });

  it("gives a delayed kit's dated steps, the next step's expected date and the delay's reason", async () => {
    const delayed = await (await get("/results/P1004", await keys.accessTokenFor("P1004"))).json();
    expect(delayed).toMatchObject({
      kitStatus: 2,
      kitEvents: [
        { step: 1, date: "2026-09-14" },
        { step: 2, date: "2026-09-29" },
      ],
      nextStepExpectedBy: "2027-01-15",
      delayReason: "lab-backlog",
    });
    const undated = await (await get("/results/P1007", await keys.accessTokenFor("P1007"))).json();
    expect(undated).toMatchObject({ kitEvents: [], nextStepExpectedBy: null, delayReason: null });
  });

  it("accepts a results-link token (token_type ACCESS) like an access token", async () => {
    const token = await keys.accessTokenFor("P1006", { token_type: "ACCESS" });
    const response = await get("/results/P1006", token);
    expect(response.status).toBe(200);
    expect((await response.json()).Patient.firstName).toBe("Lucía");
  });

  it("gives a results-link token (token_type ACCESS) the results only: no consent history, kit history or e-mail", async () => {
    const link = await (await get("/results/P1006", await keys.accessTokenFor("P1006", { token_type: "ACCESS" }))).json();
    expect(link).toMatchObject({ kitStatus: 4, Patient: { firstName: "Lucía" } });
    expect(link.apps.length).toBeGreaterThan(0);
    for (const field of ["consents", "kitEvents", "nextStepExpectedBy", "delayReason", "kits"])
      expect(link, field).not.toHaveProperty(field);
    expect(link.Patient).not.toHaveProperty("email");
    expect(JSON.stringify(link)).not.toContain("lucia@example.test");
    // The participant's own access token still reads them.
    const own = await (await get("/results/P1006", await keys.accessTokenFor("P1006"))).json();
    expect(own.consents.length).toBeGreaterThan(0);
    expect(own.kitEvents.length).toBeGreaterThan(0);
    expect(own.nextStepExpectedBy).toBe("2026-12-18");
    expect(own.Patient.email).toBe("lucia@example.test");
  });

  it("refuses to show another participant's results (403)", async () => {
    const response = await get("/results/P1002", await keys.accessTokenFor("P1001"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 403, message: expect.any(String) });
  });

  it("answers 401 without a token", async () => {
    const response = await get("/results/P1001");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 401, message: "no access token present" });
  });

  it("answers 401 for an expired token", async () => {
    const token = await keys.accessTokenFor("P1001", {}, { expiresAt: Math.floor(Date.now() / 1000) - 600 });
    const response = await get("/results/P1001", token);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/expired/i);
  });

  it.each([
    ["a wrong issuer", { issuer: "http://someone-else.test" }],
    ["a wrong audience", { audience: "http://another-api.test" }],
  ])("answers 401 for %s", async (_name, options) => {
    const response = await get("/results/P1001", await keys.accessTokenFor("P1001", {}, options));
    expect(response.status).toBe(401);
  });

  it("answers 401 for a token signed with a key the identity provider never published", async () => {
    const forged = await keys.accessTokenFor("P1001", {}, { key: keys.strangerKey });
    expect((await get("/results/P1001", forged)).status).toBe(401);
  });

  it("answers 401 for garbage and for a token without a user id", async () => {
    expect((await get("/results/P1001", "not.a.jwt")).status).toBe(401);
    const withoutUid = await keys.sign({ sub: "someone" });
    const response = await get("/results/P1001", withoutUid);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe("Invalid JWT payload: Missing user ID");
  });

  it("answers 404 for an unknown participant and for a source that is not theirs", async () => {
    const unknown = await get("/results/P9999", await keys.accessTokenFor("P9999"));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: 404, message: expect.any(String) });
    expect((await get("/results/P1001?sourceID=another-source", await keys.accessTokenFor("P1001"))).status).toBe(404);
  });
});

describe("reports and documents", () => {
  async function reportLink(userId: string, appId: string, sourceId = ada.sourceID, proof?: string) {
    const response = await get(
      `/reports/${sourceId}/${appId}/${userId}`,
      await keys.accessTokenFor(userId),
      proof ? { "x-step-up-proof": proof } : {},
    );
    return { response, body: await response.json() };
  }

  it("gives a signed report URL that opens a PDF report without a bearer token", async () => {
    const { response, body } = await reportLink("P1001", adaTraits.appID);
    expect(response.status).toBe(200);
    expect(body.providerReportUrl).toMatch(
      /^http:\/\/results\.public\.test\/documents\/P1001\/app-1001-traits\?lang=en&expires=\d+&signature=[\w-]+$/,
    );

    const document = await fetch(reachable(body.providerReportUrl));
    expect(document.status).toBe(200);
    expect(document.headers.get("content-type")).toBe("application/pdf");
    expect(document.headers.get("content-disposition")).toMatch(/^inline; filename="report-traits-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(document.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(document.headers.get("referrer-policy")).toBe("no-referrer");
    // Over HTTPS the browser keeps to HTTPS for the service's documents (browsers ignore it over plain HTTP).
    expect(document.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const pdf = Buffer.from(await document.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/Lang (en)");
  });

  it("writes the report in Spanish when the portal asks for it, and the language is part of the signed link", async () => {
    const response = await get(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001?lang=es`, await keys.accessTokenFor("P1001"));
    const { providerReportUrl } = (await response.json()) as { providerReportUrl: string };
    const spanish = await fetch(reachable(providerReportUrl));
    expect(spanish.status).toBe(200);
    expect(Buffer.from(await spanish.arrayBuffer()).toString("latin1")).toContain("/Lang (es)");
    const switched = new URL(reachable(providerReportUrl));
    switched.searchParams.set("lang", "en");
    expect((await fetch(switched)).status).toBe(403);
  });

  it("serves the exome download as a VCF attachment", async () => {
    // Raw genetic data: with a fresh proof of a second factor (tests/platform/results/raw-data-downloads.test.ts).
    const { body } = await reportLink("P1001", adaExome.appID, ada.sourceID, await keys.stepUpProofFor("P1001", "download"));
    const file = await fetch(reachable(body.providerReportUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/vcf; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="P1001-exome.vcf"');
    const text = await file.text();
    expect(text.startsWith("##fileformat=VCFv4.2\n")).toBe(true);
    expect(text).toMatch(/^#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tP1001$/m);
  });

  it("refuses a tampered, re-targeted or unsigned document link", async () => {
    const { body } = await reportLink("P1001", adaTraits.appID);
    const url = new URL(reachable(body.providerReportUrl));

    const tampered = new URL(url);
    const signature = tampered.searchParams.get("signature")!;
    tampered.searchParams.set("signature", (signature[0] === "A" ? "B" : "A") + signature.slice(1));
    expect((await fetch(tampered)).status).toBe(403);

    const otherApp = new URL(url);
    otherApp.pathname = `/documents/P1001/${ada.apps[0]?.appID}`;
    expect((await fetch(otherApp)).status).toBe(403);

    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await fetch(longer)).status).toBe(403);

    const unsigned = new URL(url);
    unsigned.search = "";
    const response = await fetch(unsigned);
    expect(response.status).toBe(403);
    // A small page in the link's language with the way back to the portal, never an error object.
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await response.text();
    expect(page).toContain("<h1>This report link is not valid</h1>");
    expect(page).toMatch(/<a href="http:\/\/[^"]+\/">Open the report again from My Results<\/a>/);
  });

  it("refuses a document link after it expires", async () => {
    const { body } = await reportLink("P1001", adaTraits.appID);
    clockOffsetSeconds = 3600;
    const response = await fetch(reachable(body.providerReportUrl));
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("<h1>This report link has expired</h1>");
  });

  it("refuses a report whose results are not ready yet (kit status and the app's type), and gives ready ones", async () => {
    for (const [userId, appId] of [
      ["P1002", "app-1002-traits"],
      ["P1003", "app-1003-traits"],
      ["P1003", "app-1003-ancestry"],
      ["P1004", "app-1004-women-wellness"],
      ["P1006", "app-1006-health"],
    ]) {
      const { response, body } = await reportLink(userId!, appId!);
      expect(response.status, `${userId} ${appId}`).toBe(409);
      expect(body.message).toBe("The results for this report are not ready yet");
    }
    expect((await reportLink("P1005", "app-1005-traits")).response.status).toBe(200);
    // Ready, and raw genetic data: it asks for a fresh verification.
    expect((await reportLink("P1010", "app-1010-exome")).response.status).toBe(428);
  });

  it("answers 404 for an app the participant does not have, 403 for someone else's report", async () => {
    expect((await reportLink("P1001", "app-1002-traits")).response.status).toBe(404);
    expect((await reportLink("P1001", adaTraits.appID, "another-source")).response.status).toBe(404);
    const foreign = await get(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001`, await keys.accessTokenFor("P1002"));
    expect(foreign.status).toBe(403);
    expect((await get(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001`)).status).toBe(401);
  });
});

describe("development fault injection", () => {
  const postFault = (fault: unknown) =>
    fetch(`${service.url}/dev/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fault) });

  it("fails the next N matching requests, then answers normally", async () => {
    expect((await postFault({ failNext: 2, status: 503 })).status).toBe(200);
    const token = await keys.accessTokenFor("P1001");
    const first = await getUnchecked("/results/P1001", token);
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ status: 503, message: expect.any(String) });
    expect((await getUnchecked(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001`, token)).status).toBe(503);
    expect((await getUnchecked("/results/P1001", token)).status).toBe(200);
  });

  it("fails with 500 by default and only for the given user", async () => {
    await postFault({ userID: "P1002" });
    expect((await getUnchecked("/results/P1001", await keys.accessTokenFor("P1001"))).status).toBe(200);
    expect((await getUnchecked("/results/P1002", await keys.accessTokenFor("P1002"))).status).toBe(500);
    expect((await getUnchecked("/results/P1002", await keys.accessTokenFor("P1002"))).status).toBe(200);
  });

  it("keeps one rule per participant: a rule for one neither replaces nor clears another's", async () => {
    await postFault({ userID: "P1001", failNext: 5, status: 503 });
    await postFault({ userID: "P1002", failNext: 5, status: 502 });
    await postFault({ userID: "P1002", failNext: 1, status: 504 });
    expect((await getUnchecked("/results/P1001", await keys.accessTokenFor("P1001"))).status).toBe(503);
    expect((await getUnchecked("/results/P1002", await keys.accessTokenFor("P1002"))).status).toBe(504);
    expect((await getUnchecked("/results/P1002", await keys.accessTokenFor("P1002"))).status).toBe(200);

    expect((await fetch(`${service.url}/dev/faults?userID=P1002`, { method: "DELETE" })).status).toBe(204);
    expect((await getUnchecked("/results/P1001", await keys.accessTokenFor("P1001"))).status).toBe(503);
    expect((await fetch(`${service.url}/dev/faults?userID=P1001`, { method: "DELETE" })).status).toBe(204);
    expect((await getUnchecked("/results/P1001", await keys.accessTokenFor("P1001"))).status).toBe(200);
    expect((await fetch(`${service.url}/dev/faults?userID=`, { method: "DELETE" })).status).toBe(400);
  });

  it("delays answers when asked to", async () => {
    await postFault({ delayMs: 400 });
    const startedAt = performance.now();
    const response = await getUnchecked("/results/P1001", await keys.accessTokenFor("P1001"));
    expect(response.status).toBe(200);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(390);
  });

  it("lists, clears and validates faults", async () => {
    await postFault({ failNext: 3 });
    expect(await (await fetch(`${service.url}/dev/faults`)).json()).toEqual({
      faults: [{ userID: null, status: 500, delayMs: 0, remaining: 3 }],
    });
    expect((await fetch(`${service.url}/dev/faults`, { method: "DELETE" })).status).toBe(204);
    expect((await getUnchecked("/results/P1001", await keys.accessTokenFor("P1001"))).status).toBe(200);

    const invalid = await postFault({ status: 200 });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).status).toBe(400);
  });
});

describe("operations", () => {
  it("is ready while its database answers, the identity provider's keys reported beside and never deciding", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok" }, upstreams: { identityProviderKeys: "ok" } });

    // Every instance would be taken out alike: the keys already fetched still check tokens.
    keys.setKeysAvailable(false);
    const keysDown = await get("/readyz");
    expect(keysDown.status).toBe(200);
    expect(await keysDown.json()).toEqual({ status: "ok", checks: { database: "ok" }, upstreams: { identityProviderKeys: "failed" } });
  });

  it("is not ready once it is stopping, nor when its database does not answer", async () => {
    const answering = { query: async () => [{ ok: 1 }] } as unknown as Database;
    const failing = { query: () => Promise.reject(new Error("connection refused")) } as unknown as Database;
    const jwks = `${keys.issuer}/jwks`;
    expect(await checkReadiness(answering, jwks, true)).toEqual({
      ready: false,
      checks: { database: "ok", draining: true },
      upstreams: { identityProviderKeys: "ok" },
    });
    expect(await checkReadiness(failing, jwks, false)).toMatchObject({ ready: false, checks: { database: "failed" } });
  });

  it("echoes a sane x-request-id and replaces an unsafe one", async () => {
    expect((await get("/healthz", undefined, { "x-request-id": "req-42.a" })).headers.get("x-request-id")).toBe("req-42.a");
    const replaced = (await get("/healthz", undefined, { "x-request-id": "bad id\twith spaces" })).headers.get("x-request-id");
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs one line per request without query strings or tokens", async () => {
    const token = await keys.accessTokenFor("P1001");
    const reportResponse = await get(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001`, token, { "x-request-id": "log-check-1" });
    const body = await reportResponse.json();
    await fetch(reachable(body.providerReportUrl), { headers: { "x-request-id": "log-check-2" } });

    const entries = logs.lines.map((line) => JSON.parse(line)).filter((entry) => String(entry.requestId).startsWith("log-check"));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ method: "GET", path: `/reports/${ada.sourceID}/${adaTraits.appID}/P1001`, status: 200 });
    expect(entries[1].path).toBe(`/documents/P1001/${adaTraits.appID}`);
    const everything = logs.lines.join("\n");
    expect(everything).not.toContain(token);
    expect(everything).not.toContain("signature=");
  });

  it("answers unknown paths and methods with JSON errors", async () => {
    expect(await (await getUnchecked("/nothing-here")).json()).toEqual({ status: 404, message: "Not found" });
    const post = await globalThis.fetch(`${service.url}/results/P1001`, { method: "POST" });
    expect(post.status).toBe(405);
    expect((await post.json()).status).toBe(405);
  });
});

describe("restart on the same data directory", () => {
  it("re-seeds idempotently, follows demo file changes and hides dev tools in production", async () => {
    const token = await keys.accessTokenFor("P1001");
    const { providerReportUrl } = await (await get(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001`, token)).json();
    await service.close();

    const changed = structuredClone(demo) as {
      participants: Array<Record<string, unknown> & { userId: string; apps: Array<{ appName: string }> }>;
    };
    const changedAda = changed.participants.find((p) => p.userId === "P1001")!;
    changedAda.kitStatus = 4;
    changedAda.kitHistory = { events: [{ step: 1, date: "2026-08-05" }], nextStepExpectedBy: "2026-12-01" };
    changedAda.apps = changedAda.apps.filter((app) => app.appName !== "exome-download");
    const changedFile = path.join(workDir, "participants-changed.json");
    await writeFile(changedFile, JSON.stringify(changed));

    // Start twice: the second start must find nothing new to insert.
    service = await startOn(path.join(workDir, "data"), { demoParticipantsFile: changedFile });
    await service.close();
    service = await startOn(path.join(workDir, "data"), { demoParticipantsFile: changedFile, environment: "production" });

    const body = await (await get("/results/P1001", token)).json();
    expect(body.kitStatus).toBe(4);
    expect(body).toMatchObject({ kitEvents: [{ step: 1, date: "2026-08-05" }], nextStepExpectedBy: "2026-12-01", delayReason: null });
    expect(body.apps.map((app: { appID: string }) => app.appID)).toEqual(["app-1001-health", "app-1001-traits", "app-1001-ancestry"]);
    expect((await get(`/reports/${ada.sourceID}/${adaExome.appID}/P1001`, token)).status).toBe(404);
    // Report links survive a restart: the signing key is kept in the database.
    expect((await fetch(reachable(providerReportUrl))).status).toBe(200);
    expect((await fetch(`${service.url}/dev/faults`, { method: "POST", body: "{}" })).status).toBe(404);

    const everyone = await Promise.all(
      demo.participants.map(async (p) => (await get(`/results/${p.userId}`, await keys.accessTokenFor(p.userId))).json()),
    );
    expect(everyone.map((p) => p.Patient.email)).toEqual(demo.participants.map((p) => (p as unknown as { email: string }).email));
    expect(everyone.map((p) => p.apps.length)).toEqual(changed.participants.map((p) => p.apps.length));
  });
});

describe("GET /reports/{sourceID}/{appID}/{userID}/content", () => {
  type Content = {
    report: { language: string; title: string; participantName: string; sections: Array<{ heading: string; rows?: string[][] }> };
  };
  const content = (userId: string, appId: string, token: string, lang = "en") =>
    get(`/reports/${ada.sourceID}/${appId}/${userId}/content?lang=${lang}`, token);

  it("gives a ready report's sections, in Spanish when asked, as its PDF has them", async () => {
    const token = await keys.accessTokenFor("P1001");
    const english = await content("P1001", adaTraits.appID, token);
    expect(english.status).toBe(200);
    const { report } = (await english.json()) as Content;
    expect(report).toMatchObject({ language: "en", title: "Traits — Traits report", participantName: "Ada Maren Testwell" });
    expect(report.sections.map((section) => section.heading)).toEqual(["About this report", "Your traits"]);
    expect(report.sections[1]?.rows).toContainEqual(["Lactose tolerance", "Likely tolerant"]);

    const spanish = (await (await content("P1001", adaTraits.appID, token, "es")).json()) as Content;
    expect(spanish.report).toMatchObject({ language: "es", title: "Rasgos — Informe de rasgos" });
    expect(spanish.report.sections.map((section) => section.heading)).toEqual(["Acerca de este informe", "Sus rasgos"]);
    // A language the program does not write reports in: English, and the answer says so.
    expect(((await (await content("P1001", adaTraits.appID, token, "fr")).json()) as Content).report.language).toBe("en");
  });

  it("is read with a results link too, and refused to others, without a token, for an unready or unknown app", async () => {
    expect((await content("P1005", "app-1005-traits", await keys.accessTokenFor("P1005", { token_type: "ACCESS" }))).status).toBe(200);
    expect((await content("P1001", adaTraits.appID, await keys.accessTokenFor("P1002"))).status).toBe(403);
    expect((await get(`/reports/${ada.sourceID}/${adaTraits.appID}/P1001/content`)).status).toBe(401);
    expect((await content("P1006", "app-1006-health", await keys.accessTokenFor("P1006"))).status).toBe(409);
    expect((await content("P1001", "app-1002-traits", await keys.accessTokenFor("P1001"))).status).toBe(404);
  });

  it("has no content for a data file: the exome is downloaded, not read", async () => {
    const answer = await content("P1010", "app-1010-exome", await keys.accessTokenFor("P1010"));
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toBe("This app's result is a data file, not a report to read");
  });
});
