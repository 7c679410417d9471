import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatKitBarcode, kitBarcodeFrom, kitCheckDigit } from "../../../lib/program/kit-barcode.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { contractCheckedFetch } from "../../support/results-contract";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; email: string }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const bruno = demo.participants.find((p) => p.email === "bruno@example.test")!;
const PEOPLE = ["K1", "K2", "K3", "K4"] as const;
const participant = (userId: string) => ({ ...bruno, userId, email: `${userId.toLowerCase()}@example.test`, kits: undefined });

const TODAY = new Date().toISOString().slice(0, 10);
let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-kits-test-"));
  const demoFile = path.join(workDir, "kits.json");
  await writeFile(demoFile, JSON.stringify({ participants: PEOPLE.map(participant) }));
  service = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, "kits"),
    databaseUrl: await freshDatabaseUrl("results_kits"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
    kitSettings: { participantMissBudget: { max: 3, windowSeconds: 3600 }, sourceMissBudget: { max: 5, windowSeconds: 3600 } },
  });
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function issueKit(): Promise<string> {
  const response = await fetch(`${service.url}/dev/kits`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(response.status).toBe(201);
  return ((await response.json()) as { barcode: string }).barcode;
}

async function register(userId: string, body: Record<string, unknown>, extra: { source?: string; token?: Record<string, unknown> } = {}) {
  return fetch(`${service.url}/kits/${userId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await keys.accessTokenFor(userId, extra.token)}`, "content-type": "application/json" },
    body: JSON.stringify({ collectedOn: TODAY, sampleOf: "self", source: extra.source ?? `source-${userId}-0123456789`, ...body }),
  });
}

async function resultsOf(userId: string) {
  const response = await fetch(`${service.url}/results/${userId}`, {
    headers: { authorization: `Bearer ${await keys.accessTokenFor(userId)}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { kitStatus: number; kitEvents: { step: number; date: string }[]; kits: { barcode: string }[] };
}

/** Eleven random digits and a wrong last one: twelve digits that fail the check. */
function mistyped(barcode: string): string {
  return barcode.slice(0, -1) + String((Number(kitCheckDigit(barcode.slice(0, -1))) + 1) % 10);
}

describe("registering a kit by its barcode (results service)", () => {
  it("registers a kit typed in groups, starts the tracker at 'Kit registered' and lists two kits newest first", async () => {
    const first = await issueKit();
    const created = await register("K1", { barcode: formatKitBarcode(first) });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { kit: { barcode: string } }).kit.barcode).toBe(first);
    const after = await resultsOf("K1");
    expect(after.kitStatus).toBe(1);
    expect(after.kitEvents).toEqual([{ step: 1, date: TODAY }]);

    const second = await issueKit();
    expect((await register("K1", { barcode: second })).status).toBe(201);
    expect((await resultsOf("K1")).kits.map((kit) => kit.barcode)).toEqual([second, first]);
    const listed = await fetch(`${service.url}/kits/K1`, { headers: { authorization: `Bearer ${await keys.accessTokenFor("K1")}` } });
    expect(((await listed.json()) as { kits: { barcode: string }[] }).kits.map((kit) => kit.barcode)).toEqual([second, first]);
  });

  it("answers a kit registered to someone else exactly as an unknown one, and the owner's own again with a 409", async () => {
    const barcode = await issueKit();
    expect((await register("K2", { barcode })).status).toBe(201);
    const taken = await register("K3", { barcode });
    const unknown = await register("K3", { barcode: kitBarcodeFrom("99999999999") });
    expect(taken.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await taken.json()).toEqual(await unknown.json());
    const again = await register("K2", { barcode });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { kit: { barcode: string } }).kit.barcode).toBe(barcode);
  });

  it("refuses a mistyped check digit, someone else's sample and a day to come without counting them", async () => {
    const barcode = await issueKit();
    for (let attempt = 0; attempt < 5; attempt++) expect((await register("K4", { barcode: mistyped(barcode) })).status).toBe(400);
    expect((await register("K4", { barcode, sampleOf: "someone-else" })).status).toBe(400);
    expect((await register("K4", { barcode, collectedOn: "2999-01-01" })).status).toBe(400);
    expect((await register("K4", { barcode })).status).toBe(201);
  });

  it("budgets misses per participant and per source, never for everyone, and compares nothing past them", async () => {
    const mine = await issueKit();
    // The participant's budget (3): a fourth attempt from another address is refused, its real kit included.
    const newcomer = { email: "b1@example.test", name: "Bea Budget" };
    for (let miss = 0; miss < 3; miss++)
      expect(
        (await register("B1", { barcode: kitBarcodeFrom(`5555555555${miss}`) }, { source: `address-${miss}-abcdefghijklmnop` })).status,
      ).toBe(404);
    const refused = await register("B1", { barcode: mine, participant: newcomer }, { source: "address-9-abcdefghijklmnop" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another participant is untouched by those misses, and the kit B1 could not reach is still free.
    expect((await register("K1", { barcode: mine }, { source: "address-8-abcdefghijklmnop" })).status).toBe(201);

    // One source's budget (5) spans participants: past it, even a real kit is not compared.
    const shared = "one-address-abcdefghijklmnop";
    const spare = await issueKit();
    for (const [index, who] of ["K1", "K2", "K4", "K1", "K2"].entries())
      expect((await register(who, { barcode: kitBarcodeFrom(`4444444444${index}`) }, { source: shared })).status).toBe(404);
    expect((await register("K4", { barcode: spare }, { source: shared })).status).toBe(429);
    expect((await register("K4", { barcode: spare }, { source: "elsewhere-abcdefghijklmnop" })).status).toBe(201);
  });

  it("creates the record of a participant it does not know yet from the kit's program and the portal's word", async () => {
    const barcode = await issueKit();
    const without = await register("NEW1", { barcode });
    expect(without.status).toBe(409);
    const created = await register("NEW1", { barcode, participant: { email: "new1@example.test", name: "Noa Newcomer" } });
    expect(created.status).toBe(201);
    expect((await resultsOf("NEW1")).kitStatus).toBe(1);
  });

  it("refuses a results link", async () => {
    const barcode = await issueKit();
    expect((await register("K2", { barcode }, { token: { token_type: "ACCESS" } })).status).toBe(403);
  });
});
