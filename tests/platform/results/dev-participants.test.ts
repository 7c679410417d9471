import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultsConfigFromEnv } from "../../../platform/results/config.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { contractCheckedFetch } from "../../support/results-contract";
import { captureLogs } from "./support/log-capture.ts";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

/**
 * Tests create the participants they need: POST /dev/participants stores one results record as the
 * demo file describes it, in development only. Started from the environment as `npm start` does,
 * the service also shows that DEMO_PARTICIPANTS_FILE set empty seeds nothing.
 */
let keys: TestIdentityKeys;
let workDir: string;
const logs = captureLogs();
const running: RunningResultsService[] = [];

async function startFromEnv(env: Record<string, string>) {
  const config = resultsConfigFromEnv({ RESULTS_PORT: "0", ...env });
  const service = await startResultsService({
    ...config,
    issuer: keys.issuer,
    jwksUrl: undefined,
    audience: keys.audience,
    dataDir: await mkdtemp(path.join(workDir, "data-")),
    databaseUrl: await freshDatabaseUrl("results_dev"),
    logger: logs.logger,
  });
  running.push(service);
  return service;
}

const record = (userId: string) => ({
  userId,
  email: `${userId.toLowerCase()}@example.test`,
  firstName: "Test",
  middleName: null,
  lastName: "Participant",
  kitStatus: 3,
  isHealthOrResearch: false,
  agreements: ["research"],
  heapIdentifier: `heap-${userId}`,
  sourceID: `source-${userId}`,
  apps: [{ appID: "app-traits", appName: "traits", label: "Traits", labelEs: "Rasgos", type: "traits" }],
  kitHistory: { events: [{ step: 1, date: "2026-09-01" }], nextStepExpectedBy: "2026-12-01" },
  consentHistory: [{ consent: "research", version: "2.0", givenOn: "2026-08-30" }],
});

const post = (service: RunningResultsService, body: unknown) =>
  fetch(`${service.url}/dev/participants`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const resultsOf = async (service: RunningResultsService, userId: string) =>
  fetch(`${service.url}/results/${userId}`, { headers: { authorization: `Bearer ${await keys.accessTokenFor(userId)}` } });

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-dev-participants-"));
});

afterAll(async () => {
  await Promise.all(running.map((service) => service.close()));
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe("POST /dev/participants in development", () => {
  it("stores the record a test describes, and the results API serves it", async () => {
    const service = await startFromEnv({ DEMO_PARTICIPANTS_FILE: "" });
    const created = await post(service, record("T-results-1"));
    expect(created.status).toBe(201);
    const results = await resultsOf(service, "T-results-1");
    expect(results.status).toBe(200);
    expect(await results.json()).toMatchObject({
      kitStatus: 3,
      isHealthOrResearch: false,
      apps: [{ appID: "app-traits", appName: "traits", label: "Traits" }],
      kitEvents: [{ step: 1, date: "2026-09-01" }],
      nextStepExpectedBy: "2026-12-01",
      Patient: { firstName: "Test", lastName: "Participant", email: "t-results-1@example.test" },
    });
  });

  it("keeps the date of birth a clinician types beside a share code, as the demo file gives it", async () => {
    const service = running[0]!;
    const userId = "T-results-dob";
    const created = await post(service, { ...record(userId), kitStatus: 5, dateOfBirth: "1991-07-23" });
    expect(created.status).toBe(201);
    const shared = await fetch(`${service.url}/shares/${userId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor(userId)}`, "content-type": "application/json" },
      body: JSON.stringify({ appId: "app-traits", recipient: "Dr. Rivera", days: 7 }),
    });
    expect(shared.status).toBe(201);
    const { code } = (await shared.json()) as { code: string };
    const open = (dateOfBirth: string) =>
      fetch(`${service.url}/shared/open`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code, dateOfBirth, device: "computer · Chrome" }),
      });
    expect((await open("1991-07-24")).status).toBe(404);
    expect((await open("1991-07-23")).status).toBe(200);
    expect((await post(service, { ...record("T-results-bad-dob"), dateOfBirth: "23/07/1991" })).status).toBe(400);
  });

  it("refuses a record that does not say what the results need, with a 400 naming the field", async () => {
    const service = running[0]!;
    const { kitStatus: _dropped, ...incomplete } = record("T-results-2");
    const refused = await post(service, incomplete);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("kitStatus");
    expect((await post(service, "not a participant")).status).toBe(400);
    expect((await fetch(`${service.url}/dev/participants`)).status).toBe(405);
  });
});

describe("DEMO_PARTICIPANTS_FILE", () => {
  it("set empty, seeds no demo participant; unset in development, seeds the demo", async () => {
    const empty = running[0]!;
    expect((await resultsOf(empty, "P1001")).status).toBe(404);
    const seeded = await startFromEnv({});
    expect((await resultsOf(seeded, "P1001")).status).toBe(200);
  });
});

describe("outside development", () => {
  it("POST /dev/participants is absent (404) and creates nothing", async () => {
    const service = await startFromEnv({
      PORTAL_ENVIRONMENT: "production",
      ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true",
    });
    expect((await post(service, record("T-results-3"))).status).toBe(404);
    expect((await resultsOf(service, "T-results-3")).status).toBe(404);
  });
});
