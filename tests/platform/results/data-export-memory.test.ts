import { readFile, rm, writeFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtIfPresent, processArgs } from "../../../lib/launcher/process-command.ts";
import { resultsServiceEnvironment, startServiceProcess, type ServiceProcess } from "../../integration/ops/support/sigterm-under-load";
import { freshDatabaseUrl } from "../../support/database";
import { residentMegabytesOf } from "../../support/process-figures.ts";
import { contractCheckedFetch } from "../../support/results-contract";
import { freePort } from "../../support/stack.ts";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

/**
 * The bound: an archive holding a 200 MB exome file is streamed from its source into the ZIP
 * and on to storage, so building it raises the service's memory by no more than about 50 MB. The
 * service runs as its own process and its resident memory is read from /proc while it builds.
 */

const EXOME_BYTES = 200_000_000;
const ALLOWED_GROWTH_BYTES = 50 * 1024 * 1024;

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const ada = demo.participants.find((p) => p.userId === "P1001")!;
const withExome = (userId: string, documentBytes?: number) => ({
  ...ada,
  dataExports: undefined,
  userId,
  email: `${userId.toLowerCase()}@example.test`,
  apps: ada.apps.map((app) => ({
    ...app,
    appID: `${app.appID}-${userId}`,
    ...(app.appName === "exome-download" && documentBytes ? { documentBytes } : {}),
  })),
});

let keys: TestIdentityKeys;
let workDir: string;
let service: ServiceProcess;

const residentBytes = async (pid: number) => residentMegabytesOf(pid) * 2 ** 20;

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-export-memory-"));
  const demoFile = path.join(workDir, "participants.json");
  await writeFile(demoFile, JSON.stringify({ participants: [withExome("WARM"), withExome("BIG", EXOME_BYTES)] }));
  const port = await freePort();
  const databaseUrl = await freshDatabaseUrl("results_export_memory");
  service = await startServiceProcess(
    // As the launcher starts it, with the young generation its settings bound (lib/launcher/memory-settings.ts).
    processArgs("results", path.resolve("."), { from: builtIfPresent("results", path.resolve(".")) }),
    resultsServiceEnvironment(port, path.join(workDir, "results"), keys, {
      RESULTS_EXPORT_POLL_MS: "200",
      DEMO_PARTICIPANTS_FILE: demoFile,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    `http://127.0.0.1:${port}`,
  );
}, 120_000);

afterAll(async () => {
  service?.child.kill("SIGTERM");
  await service?.exited;
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function buildExport(userId: string, whileBuilding: () => Promise<void> = async () => undefined) {
  const token = await keys.accessTokenFor(userId);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const requested = await fetch(`${service.baseUrl}/exports/${userId}`, { method: "POST", headers, body: "{}" });
  expect(requested.status).toBe(202);
  const { export: job } = (await requested.json()) as { export: { id: string } };
  let status = "queued";
  let sizeBytes = 0;
  while (status !== "ready") {
    await whileBuilding();
    const { exports } = (await (await fetch(`${service.baseUrl}/exports/${userId}`, { headers })).json()) as {
      exports: Array<{ id: string; status: string; sizeBytes: number }>;
    };
    const found = exports.find((candidate) => candidate.id === job.id)!;
    expect(found.status).not.toBe("failed");
    status = found.status;
    sizeBytes = found.sizeBytes;
  }
  return { id: job.id, sizeBytes };
}

describe("download everything: memory", () => {
  it("builds an archive with a 200 MB exome file while the service's memory grows by less than 50 MB", async () => {
    const pid = service.child.pid!;
    // Everything the build uses (PDF fonts, zlib, the ZIP writer) is loaded by a first, small archive.
    await buildExport("WARM");
    const before = await residentBytes(pid);
    let peak = before;
    // Memory is read every 20 ms while the page's polling (every 250 ms, as a browser would) waits for the archive.
    const sampler = setInterval(() => {
      residentBytes(pid).then(
        (bytes) => (peak = Math.max(peak, bytes)),
        () => undefined,
      );
    }, 20);
    const big = await buildExport("BIG", () => new Promise((resolve) => setTimeout(resolve, 250))).finally(() => clearInterval(sampler));
    peak = Math.max(peak, await residentBytes(pid));
    const growth = peak - before;
    console.info(
      `data export of a ${EXOME_BYTES / 1e6} MB exome: archive ${(big.sizeBytes / 1e6).toFixed(1)} MB, service memory ${(before / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MiB (+${(growth / 2 ** 20).toFixed(1)} MiB)`,
    );
    expect(big.sizeBytes).toBeGreaterThan(0);
    expect(growth).toBeLessThan(ALLOWED_GROWTH_BYTES);
  }, 180_000);
});
