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

let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-kit-steps-test-"));
  const demoFile = path.join(workDir, "participants.json");
  const participant = {
    ...ada,
    userId: "K1",
    email: "k1@example.test",
    kitStatus: 2,
    dataExports: undefined,
    apps: ada.apps.map((app) => ({ ...app, appID: `${app.appID}-K1` })),
  };
  await writeFile(demoFile, JSON.stringify({ participants: [participant] }));
  service = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, "data"),
    databaseUrl: await freshDatabaseUrl("results_kit_steps"),
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

const logReaderToken = () => keys.accessTokenFor("K1", {}, { audience: `${keys.audience}/kit-steps`, typ: "kit-steps+jwt" });
const readLog = async (token: string, query = "") =>
  fetch(`${service.url}/kit-step-changes${query}`, { headers: { authorization: `Bearer ${token}` } });

describe("the kit-step log (results service)", () => {
  it("records each step a kit moves on to, dated, and nothing when it moves back", async () => {
    const moved = await fetch(`${service.url}/dev/kits/K1/step`, { method: "POST" });
    expect(await moved.json()).toEqual({ kitStatus: 3, logged: true });
    await fetch(`${service.url}/dev/kits/K1/step`, { method: "POST", body: JSON.stringify({ step: 2 }) });
    const answer = await readLog(await logReaderToken());
    expect(answer.status).toBe(200);
    const { changes, lastId } = (await answer.json()) as { changes: { id: number; userId: string; step: number }[]; lastId: number };
    expect(lastId).toBe(changes[0]!.id);
    expect(changes.map(({ userId, step }) => ({ userId, step }))).toEqual([{ userId: "K1", step: 3 }]);
    expect(((await (await readLog(await logReaderToken(), `?after=${changes[0]!.id}`)).json()) as { changes: [] }).changes).toEqual([]);

    const results = await fetch(`${service.url}/results/K1`, { headers: { authorization: `Bearer ${await keys.accessTokenFor("K1")}` } });
    expect(((await results.json()) as { kitStatus: number }).kitStatus).toBe(2);
  });

  it("is read only with the identity provider's own token: a participant's access token is refused, and its token opens nothing else", async () => {
    expect((await readLog(await keys.accessTokenFor("K1"))).status).toBe(401);
    expect((await readLog(await keys.accessTokenFor("K1", {}, { audience: `${keys.audience}/kit-steps` }))).status).toBe(401);
    const results = await fetch(`${service.url}/results/K1`, { headers: { authorization: `Bearer ${await logReaderToken()}` } });
    expect(results.status).toBe(401);
    expect((await readLog(await logReaderToken(), "?after=-1")).status).toBe(400);
  });
});
