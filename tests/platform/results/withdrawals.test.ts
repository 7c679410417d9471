import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const ada = demo.participants.find((p) => p.userId === "P1001")!;
const participant = (userId: string) => ({
  ...ada,
  dataExports: undefined,
  userId,
  email: `${userId.toLowerCase()}@example.test`,
  apps: ada.apps.map((app) => ({ ...app, appID: `${app.appID}-${userId}` })),
});

let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-withdrawals-test-"));
  const demoFile = path.join(workDir, "participants.json");
  await writeFile(demoFile, JSON.stringify({ participants: ["W1", "W2", "W3", "W4"].map(participant) }));
  service = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, "data"),
    databaseUrl: await freshDatabaseUrl("results_withdrawals"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
  });
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

type Recorded = { withdrawal: { reference: string; choice: string; status: string; requestedAt: string } };

async function withdraw(userId: string, body: Record<string, unknown>, token?: string) {
  return fetch(`${service.url}/withdrawals/${userId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token ?? (await keys.accessTokenFor(userId))}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("withdrawal requests (results service)", () => {
  it("records a verified request with a reference number, answers a retry with the same one, and lists it", async () => {
    const body = { choice: "destroy-sample", requestKey: "request-key-w1", verification: await keys.stepUpProofFor("W1") };
    const first = await withdraw("W1", body);
    expect(first.status).toBe(201);
    const { withdrawal } = (await first.json()) as Recorded;
    expect(withdrawal.reference).toMatch(/^WD-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
    expect(withdrawal).toMatchObject({ choice: "destroy-sample", status: "received" });

    // The portal retrying after a crash (same request key) learns what was recorded.
    const retry = await withdraw("W1", body);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Recorded).withdrawal.reference).toBe(withdrawal.reference);

    // One open request at a time.
    const another = await withdraw("W1", { ...body, requestKey: "request-key-w1-b", verification: await keys.stepUpProofFor("W1") });
    expect(another.status).toBe(409);

    const listed = await fetch(`${service.url}/withdrawals/W1`, {
      headers: { authorization: `Bearer ${await keys.accessTokenFor("W1")}` },
    });
    expect(((await listed.json()) as { withdrawals: Recorded["withdrawal"][] }).withdrawals).toEqual([withdrawal]);
  });

  it("refuses a request without a fresh proof of this participant's verification for this purpose", async () => {
    const ask = (verification: string) => withdraw("W2", { choice: "stop-research", requestKey: `key-${Math.random()}`, verification });
    const now = Math.floor(Date.now() / 1000);
    expect((await ask(await keys.accessTokenFor("W2"))).status).toBe(403);
    expect((await ask(await keys.stepUpProofFor("W3"))).status).toBe(403);
    expect((await ask(await keys.stepUpProofFor("W2", "password-update"))).status).toBe(403);
    expect((await ask(await keys.stepUpProofFor("W2", "withdrawal", { issuedAt: now - 400, expiresAt: now + 600 }))).status).toBe(403);
    expect((await ask(await keys.stepUpProofFor("W2", "withdrawal", { key: keys.strangerKey }))).status).toBe(403);
    expect((await withdraw("W2", { choice: "stop-research", requestKey: "key-missing-proof" })).status).toBe(400);
    expect((await withdraw("W2", { choice: "everything", requestKey: "key-bad-choice", verification: "x" })).status).toBe(400);
    const none = await fetch(`${service.url}/withdrawals/W2`, { headers: { authorization: `Bearer ${await keys.accessTokenFor("W2")}` } });
    expect(((await none.json()) as { withdrawals: unknown[] }).withdrawals).toEqual([]);
  });

  it("accepts a proof once, never for another participant, and never as an access token", async () => {
    const proof = await keys.stepUpProofFor("W3");
    expect((await withdraw("W3", { choice: "stop-research", requestKey: "key-w3-a", verification: proof })).status).toBe(201);
    const stranger = await withdraw(
      "W3",
      { choice: "stop-research", requestKey: "key-w3-b", verification: proof },
      await keys.accessTokenFor("W4"),
    );
    expect(stranger.status).toBe(403);
    const resultsLink = await withdraw(
      "W4",
      { choice: "stop-research", requestKey: "key-w4", verification: await keys.stepUpProofFor("W4") },
      await keys.accessTokenFor("W4", { token_type: "ACCESS" }),
    );
    expect(resultsLink.status).toBe(403);
    const proofAsToken = await fetch(`${service.url}/results/W4`, {
      headers: { authorization: `Bearer ${await keys.stepUpProofFor("W4")}` },
    });
    expect(proofAsToken.status).toBe(401);
  });
});
