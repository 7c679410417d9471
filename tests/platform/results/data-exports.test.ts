import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { fromBuffer, type Entry } from "yauzl";
import { contractCheckedFetch } from "../../support/results-contract";
import { demoAda, participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

let clockOffsetSeconds = 0;

// One participant per test (Ada's results under other ids), none sharing a budget, and Ada as the demo has her.
const resultsService = resultsServiceForSuite(
  "exports",
  [
    ...["X1", "X2", "X3", "X4", "X5"].map((id) => participantLike(id)),
    // Two apps of one kind (two health apps, two exome downloads): each is a report of its own.
    participantLike("X6", {
      apps: [
        ...demoAda.apps.map((app) => ({ ...app, appID: `${app.appID}-X6` })),
        { ...demoAda.apps[0], appID: "app-second-health-X6", label: "Health (second kit)" },
        { ...demoAda.apps[3], appID: "app-second-exome-X6" },
      ],
    }),
    { ...demoAda },
  ],
  {
    publicUrl: "http://results.public.test",
    exportPollMs: 100,
    nowSeconds: () => Math.floor(Date.now() / 1000) + clockOffsetSeconds,
  },
);

beforeEach(() => {
  clockOffsetSeconds = 0;
});

const call = async (pathname: string, token: string | null, init: RequestInit = {}) =>
  fetch(resultsService.url + pathname, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
/** The archive holds raw genetic data: its download takes a fresh proof (raw-data-downloads.test.ts). */
const download = async (userId: string, exportId: string) =>
  call(`/exports/${userId}/${exportId}/file`, await resultsService.keys.accessTokenFor(userId), {
    headers: { "x-step-up-proof": await resultsService.keys.stepUpProofFor(userId, "download") },
  });
const requestExport = async (userId: string, language = "en") =>
  call(`/exports/${userId}`, await resultsService.keys.accessTokenFor(userId), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ language }),
  });

type PublicExport = {
  id: string;
  status: string;
  filesDone: number;
  filesTotal: number | null;
  sizeBytes: number | null;
  expiresAt: string | null;
};

async function exportsOf(userId: string): Promise<PublicExport[]> {
  const response = await call(`/exports/${userId}`, await resultsService.keys.accessTokenFor(userId));
  expect(response.status).toBe(200);
  return ((await response.json()) as { exports: PublicExport[] }).exports;
}

/** What the portal's page does: look again until the archive is ready. */
async function readyExport(userId: string, id: string): Promise<PublicExport> {
  let found: PublicExport | undefined;
  await expect
    .poll(
      async () => {
        found = (await exportsOf(userId)).find((candidate) => candidate.id === id);
        return found?.status;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe("ready");
  return found!;
}

/** Every entry's name as the archive lists it, duplicates included. */
function entryNames(archive: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry: Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("download everything (results service)", () => {
  it("(first, before any test moves the clock) seeds the demo's downloads: one built on first start, one expired", async () => {
    await expect
      .poll(async () => (await exportsOf("P1001")).map((found) => found.status).sort(), { timeout: 30_000, interval: 100 })
      .toEqual(["expired", "ready"]);
  });

  it("builds the participant's archive in the background: every report, the exome file, the consents, results.json and a README with checksums", async () => {
    const requested = await requestExport("X1", "es");
    expect(requested.status).toBe(202);
    const { export: job } = (await requested.json()) as { export: PublicExport };
    expect(["queued", "building"]).toContain(job.status);

    const ready = await readyExport("X1", job.id);
    expect(ready.filesDone).toBe(ready.filesTotal);
    expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const answer = await download("X1", job.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = Buffer.from(await answer.arrayBuffer());
    expect(archive.length).toBe(ready.sizeBytes);

    const files = await unzip(archive);
    expect([...files.keys()].sort()).toEqual([
      "README.txt",
      "consents/health-version-3.1.pdf",
      "consents/platform-version-1.0.pdf",
      "consents/research-version-2.0.pdf",
      "consents/traits-version-1.4.pdf",
      "reports/X1-exome.vcf",
      "reports/ancestry-report.pdf",
      "reports/health-report.pdf",
      "reports/traits-report.pdf",
      "results.json",
    ]);
    expect(ready.filesTotal).toBe(files.size);
    expect(files.get("reports/health-report.pdf")!.subarray(0, 5).toString()).toBe("%PDF-");
    expect(files.get("reports/X1-exome.vcf")!.toString()).toMatch(/^##fileformat=VCFv4\.2\n/);

    const results = JSON.parse(files.get("results.json")!.toString());
    expect(results.participant).toMatchObject({ userId: "X1", firstName: "Ada", email: "x1@example.test" });
    expect(results.kit.history).toHaveLength(5);
    expect(results.apps.map((app: { appName: string }) => app.appName)).toEqual(["health", "traits", "ancestry", "exome-download"]);
    expect(results.consents).toContainEqual({ consent: "traits", version: "1.4", givenOn: "2026-08-04", withdrawnOn: "2026-10-12" });

    // README.txt in the language asked for, listing every other file with the checksum of what is in the archive.
    const readme = files.get("README.txt")!.toString();
    expect(readme).toMatch(/^Sus datos del Programa DNA Discovery\n/);
    const listed = readme.split("\n").filter((line) => /^[0-9a-f]{64} {2}/.test(line));
    expect(listed).toHaveLength(files.size - 1);
    for (const line of listed) {
      const [sum, name] = line.split("  ");
      expect(createHash("sha256").update(files.get(name!)!).digest("hex"), name).toBe(sum);
    }
  });

  it("gives each of two apps with one appName its own entry, and every checksum of the README matches (sha256sum -c)", async () => {
    const { export: job } = (await (await requestExport("X6")).json()) as { export: PublicExport };
    const ready = await readyExport("X6", job.id);
    const archive = Buffer.from(await (await download("X6", job.id)).arrayBuffer());
    const names = await entryNames(archive);
    expect(names).toHaveLength(new Set(names.map((name) => name.toLowerCase())).size);
    expect(ready.filesTotal).toBe(names.length);
    // Six apps: six reports, the two health reports and the two exome files apart.
    expect(names.filter((name) => name.startsWith("reports/"))).toHaveLength(6);
    expect(names.filter((name) => /^reports\/health.*\.pdf$/.test(name))).toHaveLength(2);
    expect(names.filter((name) => /^reports\/X6-exome.*\.vcf$/.test(name))).toHaveLength(2);

    const files = await unzip(archive);
    const listed = files
      .get("README.txt")!
      .toString()
      .split("\n")
      .filter((line) => /^[0-9a-f]{64} {2}/.test(line));
    expect(listed).toHaveLength(names.length - 1);
    for (const line of listed) {
      const [sum, name] = line.split("  ");
      expect(createHash("sha256").update(files.get(name!)!).digest("hex"), name).toBe(sum);
    }
    const results = JSON.parse(files.get("results.json")!.toString());
    expect(results.apps).toHaveLength(6);
  });

  it("never gives one participant's archive or list to anyone else, nor to a results link", async () => {
    const { export: job } = (await (await requestExport("X2")).json()) as { export: PublicExport };
    await readyExport("X2", job.id);
    const stranger = await resultsService.keys.accessTokenFor("X3");
    expect((await call(`/exports/X2/${job.id}/file`, stranger)).status).toBe(403);
    expect((await call(`/exports/X2`, stranger)).status).toBe(403);
    expect((await call(`/exports/X2`, stranger, { method: "POST", body: "{}" })).status).toBe(403);
    // The stranger's own path does not find it either.
    expect((await call(`/exports/X3/${job.id}/file`, stranger)).status).toBe(404);
    const resultsLink = await resultsService.keys.accessTokenFor("X2", { token_type: "ACCESS" });
    expect((await call(`/exports/X2/${job.id}/file`, resultsLink)).status).toBe(403);
    expect((await call(`/exports/X2/${job.id}/file`, null)).status).toBe(401);
    const forged = await resultsService.keys.accessTokenFor("X2", {}, { key: resultsService.keys.strangerKey });
    expect((await call(`/exports/X2/${job.id}/file`, forged)).status).toBe(401);
  });

  it("answers a request made while one is being built with that one, and refuses a fourth request in a day", async () => {
    const first = (await (await requestExport("X4")).json()) as { export: PublicExport };
    const again = (await (await requestExport("X4")).json()) as { export: PublicExport };
    expect(again.export.id).toBe(first.export.id);
    await readyExport("X4", first.export.id);
    for (let n = 2; n <= 3; n++) {
      const next = (await (await requestExport("X4")).json()) as { export: PublicExport };
      await readyExport("X4", next.export.id);
    }
    const refused = await requestExport("X4");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect(await exportsOf("X4")).toHaveLength(3);
  });

  it("keeps an archive 24 hours, then answers 410 and removes its file", async () => {
    const { export: job } = (await (await requestExport("X5")).json()) as { export: PublicExport };
    await readyExport("X5", job.id);
    const exportDir = `${resultsService.dataDir}-exports`;
    expect(await readdir(exportDir)).toContain(`${job.id}.zip`);

    clockOffsetSeconds = 24 * 3600 + 60;
    expect((await call(`/exports/X5/${job.id}/file`, await resultsService.keys.accessTokenFor("X5"))).status).toBe(410);
    // The worker marks the download expired, then removes its file.
    const expiry = async () => ({
      status: (await exportsOf("X5"))[0]?.status,
      fileKept: (await readdir(exportDir)).includes(`${job.id}.zip`),
    });
    await expect.poll(expiry, { timeout: 10_000, interval: 100 }).toEqual({ status: "expired", fileKept: false });
  });
});
