import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { contractCheckedFetch } from "../../support/results-contract";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const olivia = demo.participants.find((p) => p.email === "olivia@example.test")!;
const ada = demo.participants.find((p) => p.email === "ada@example.test")!;

const person = (userId: string, kitStatus = 5) => ({
  ...ada,
  dataExports: undefined,
  userId,
  kitStatus,
  email: `${userId.toLowerCase()}@example.test`,
  apps: ada.apps.map((app) => ({ ...app, appID: `${app.appName as string}-${userId}` })),
});

const HOUR = 3_600_000;
let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-counselling-test-"));
  const demoFile = path.join(workDir, "demo.json");
  await writeFile(demoFile, JSON.stringify({ participants: [olivia, person("C1"), person("C2"), person("C3", 4), person("C4")] }));
  service = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, "data"),
    databaseUrl: await freshDatabaseUrl("results_counselling"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
    counsellingSettings: { requestBudget: { max: 3, windowSeconds: 3600 } },
  });
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

const asParticipant = async (userId: string) => ({ authorization: `Bearer ${await keys.accessTokenFor(userId)}` });
const teamToken = (options: { typ?: string; audience?: string } = {}) =>
  keys.sign(
    { sub: "counsellor-jane" },
    {
      audience: options.audience ?? `${keys.audience}/counselling-queue`,
      typ: options.typ ?? "counselling-team+jwt",
      issuedAt: Math.floor(Date.now() / 1000) - 5,
    },
  );
const noticesToken = () =>
  keys.sign(
    { sub: "identity-provider" },
    { audience: `${keys.audience}/counselling-notices`, typ: "counselling-notices+jwt", issuedAt: Math.floor(Date.now() / 1000) - 5 },
  );

const windowFrom = (hoursAhead: number, length = 2) => ({
  start: new Date(Date.now() + hoursAhead * HOUR).toISOString(),
  end: new Date(Date.now() + (hoursAhead + length) * HOUR).toISOString(),
});

function ask(userId: string, body: Record<string, unknown>) {
  return asParticipant(userId).then((headers) =>
    fetch(`${service.url}/counselling/${userId}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        contact: "video",
        language: "es",
        timeZone: "America/Chicago",
        windows: [windowFrom(30)],
        ...body,
      }),
    }),
  );
}

type Request = { id: string; state: string; appId: string; windows: { start: string; end: string }[]; scheduledFor: string | null };

describe("counselling requests", () => {
  it("keeps a request, lists it, refuses a second open one about the same report, and cancels it", async () => {
    const created = await ask("C1", {
      appId: "health-C1",
      note: "  About my children  ",
      locale: "es",
      windows: [windowFrom(30), windowFrom(54, 3)],
    });
    expect(created.status).toBe(201);
    const { request } = (await created.json()) as { request: Request & { note: string } };
    expect(request).toMatchObject({ state: "requested", appId: "health-C1", note: "About my children", timeZone: "America/Chicago" });
    expect(request.windows).toHaveLength(2);

    const again = await ask("C1", { appId: "health-C1" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { openRequest: Request }).openRequest.id).toBe(request.id);
    // Another report is another request.
    expect((await ask("C1", { appId: "exome-download-C1" })).status).toBe(201);

    const headers = await asParticipant("C1");
    const list = (await (await fetch(`${service.url}/counselling/C1`, { headers })).json()) as { requests: Request[] };
    expect(list.requests.map((r) => r.appId).sort()).toEqual(["exome-download-C1", "health-C1"]);

    const cancelled = await fetch(`${service.url}/counselling/C1/${request.id}/cancel`, { method: "POST", headers });
    expect(((await cancelled.json()) as { request: Request }).request.state).toBe("cancelled");
    // Cancelled: the report takes a new request.
    expect((await ask("C1", { appId: "health-C1" })).status).toBe(201);
    // Another participant's request is not theirs to cancel.
    const stranger = await fetch(`${service.url}/counselling/C2/${request.id}/cancel`, {
      method: "POST",
      headers: await asParticipant("C2"),
    });
    expect(stranger.status).toBe(404);
    const other = await fetch(`${service.url}/counselling/C1/${request.id}/cancel`, { method: "POST", headers: await asParticipant("C2") });
    expect(other.status).toBe(403);
  });

  it("refuses reports no counsellor talks about, reports not ready, windows in the past, too long or too many, and unknown time zones", async () => {
    expect((await ask("C2", { appId: "traits-C2" })).status).toBe(404);
    expect((await ask("C2", { appId: "nothing-C2" })).status).toBe(404);
    expect((await ask("C3", { appId: "health-C3" })).status).toBe(409);
    expect((await ask("C2", { appId: "health-C2", windows: [windowFrom(-3)] })).status).toBe(400);
    expect((await ask("C2", { appId: "health-C2", windows: [windowFrom(5, 13)] })).status).toBe(400);
    expect((await ask("C2", { appId: "health-C2", windows: [windowFrom(5, 0.25)] })).status).toBe(400);
    expect((await ask("C2", { appId: "health-C2", windows: [windowFrom(5), windowFrom(9), windowFrom(13), windowFrom(17)] })).status).toBe(
      400,
    );
    expect((await ask("C2", { appId: "health-C2", windows: [] })).status).toBe(400);
    expect((await ask("C2", { appId: "health-C2", timeZone: "Mars/Olympus" })).status).toBe(400);
    expect((await ask("C2", { appId: "health-C2", note: "x".repeat(1001) })).status).toBe(400);
    expect((await ask("C2", { appId: "health-C2", contact: "fax" })).status).toBe(400);
  });

  it("budgets new requests per participant; a refused second one costs nothing", async () => {
    expect((await ask("C4", { appId: "health-C4" })).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await ask("C4", { appId: "health-C4" })).status).toBe(409);
    expect((await ask("C4", { appId: "exome-download-C4" })).status).toBe(201);
    const headers = await asParticipant("C4");
    const { requests } = (await (await fetch(`${service.url}/counselling/C4`, { headers })).json()) as { requests: Request[] };
    for (const r of requests) await fetch(`${service.url}/counselling/C4/${r.id}/cancel`, { method: "POST", headers });
    expect((await ask("C4", { appId: "health-C4" })).status).toBe(201);
    const spent = await ask("C4", { appId: "exome-download-C4" });
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another participant's budget is their own.
    expect((await ask("C2", { appId: "health-C2" })).status).toBe(201);
  });

  it("gives the team its queue, oldest first, and moves a request requested → scheduled → done", async () => {
    const created = (await (await ask("C2", { appId: "exome-download-C2" })).json()) as { request: Request };
    const team = { authorization: `Bearer ${await teamToken()}` };
    // A participant's token, or a token for another use, does not read the queue.
    expect((await fetch(`${service.url}/counselling-queue`, { headers: await asParticipant("C2") })).status).toBe(401);
    expect(
      (
        await fetch(`${service.url}/counselling-queue`, {
          headers: { authorization: `Bearer ${await teamToken({ typ: "share-notices+jwt" })}` },
        })
      ).status,
    ).toBe(401);

    const queue = (await (await fetch(`${service.url}/counselling-queue`, { headers: team })).json()) as {
      requests: (Request & { userId: string; participant: { email: string }; report: { appName: string } })[];
    };
    const mine = queue.requests.find((r) => r.id === created.request.id)!;
    expect(mine).toMatchObject({ userId: "C2", participant: { email: "c2@example.test" }, report: { appName: "exome-download" } });
    expect(queue.requests.map((r) => r.state).every((state) => state === "requested" || state === "scheduled")).toBe(true);

    const move = (body: unknown) =>
      fetch(`${service.url}/counselling-queue/${created.request.id}`, {
        method: "POST",
        headers: { ...team, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await move({ state: "done" })).status).toBe(409);
    expect((await move({ state: "scheduled" })).status).toBe(400);
    const when = new Date(Date.now() + 48 * HOUR).toISOString();
    const scheduled = (await (await move({ state: "scheduled", scheduledFor: when })).json()) as { request: Request };
    expect(scheduled.request).toMatchObject({ state: "scheduled", scheduledFor: when });
    const done = (await (await move({ state: "done" })).json()) as { request: Request };
    expect(done.request.state).toBe("done");
    expect((await move({ state: "scheduled", scheduledFor: when })).status).toBe(409);
    // The participant sees it done.
    const { requests } = (await (await fetch(`${service.url}/counselling/C2`, { headers: await asParticipant("C2") })).json()) as {
      requests: Request[];
    };
    expect(requests.find((r) => r.id === created.request.id)!.state).toBe("done");
    const doneQueue = (await (await fetch(`${service.url}/counselling-queue?state=done`, { headers: team })).json()) as {
      requests: Request[];
    };
    expect(doneQueue.requests.map((r) => r.id)).toContain(created.request.id);
    expect((await fetch(`${service.url}/counselling-queue?state=lost`, { headers: team })).status).toBe(400);
  });

  it("hands each new request to the identity provider once for its acknowledgement", async () => {
    const created = (await (await ask("C2", { appId: "health-C2", locale: "es" }).catch(() => null))?.json()) as
      { request: Request } | undefined;
    const claim = async () =>
      (await (
        await fetch(`${service.url}/counselling-notices/claim`, {
          method: "POST",
          headers: { authorization: `Bearer ${await noticesToken()}` },
        })
      ).json()) as { notices: { id: string; userId: string; language: string }[] };
    const first = await claim();
    expect(first.notices.length).toBeGreaterThan(0);
    if (created?.request) expect(first.notices.map((n) => n.id)).toContain(created.request.id);
    // Held: a second claim does not take them again.
    expect((await claim()).notices.filter((n) => first.notices.some((f) => f.id === n.id))).toEqual([]);
    const ack = await fetch(`${service.url}/counselling-notices/ack`, {
      method: "POST",
      headers: { authorization: `Bearer ${await noticesToken()}`, "content-type": "application/json" },
      body: JSON.stringify({ ids: first.notices.map((n) => n.id) }),
    });
    expect(ack.status).toBe(204);
    // The demo's requests are not acknowledged again on start.
    expect(first.notices.some((n) => n.userId === olivia.userId)).toBe(false);
  });

  it("seeds the demo person with a request in each state", async () => {
    const { requests } = (await (
      await fetch(`${service.url}/counselling/${olivia.userId}`, { headers: await asParticipant(olivia.userId) })
    ).json()) as {
      requests: Request[];
    };
    expect(requests.map((r) => r.state).sort()).toEqual(["cancelled", "done", "requested", "scheduled"]);
  });
});
