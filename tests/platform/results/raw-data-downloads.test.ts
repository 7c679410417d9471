import { describe, expect, it } from "vitest";
import { contractCheckedFetch } from "../../support/results-contract";
import { captureLogs } from "./support/log-capture.ts";
import { demoAda, participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/**
 * Raw genetic data (the exome file, and the archive of everything, which holds it) left on a session
 * alone. Now the results service releases it only with the identity provider's proof of a fresh
 * second factor for the purpose `download` (`X-Step-Up-Proof`), each proof once, and the exome's
 * link opens once.
 */

const fetch = contractCheckedFetch();
const logs = captureLogs();
/** R3's exome is a large file (a real one is hundreds of megabytes), for a download the browser gives up on. */
const bigExome = participantLike("R3");
bigExome.apps = bigExome.apps.map((app) =>
  (app as { appName?: string }).appName === "exome-download" ? { ...app, documentBytes: 64 * 1024 * 1024 } : app,
);
const resultsService = resultsServiceForSuite("raw-data", [participantLike("R1"), participantLike("R2"), bigExome], {
  publicUrl: "http://results.public.test",
  exportPollMs: 100,
  logger: logs.logger,
});

const exomeOf = (userId: string) =>
  `${(demoAda.apps.find((app) => app.appName === "exome-download") as { appID: string }).appID}-${userId}`;
const traitsOf = (userId: string) => `${(demoAda.apps.find((app) => app.appName === "traits") as { appID: string }).appID}-${userId}`;
const reachable = (link: string) => link.replace("http://results.public.test", resultsService.url);

async function reportLink(userId: string, appId: string, proof?: string, token?: string) {
  return fetch(`${resultsService.url}/reports/${demoAda.sourceID as string}/${appId}/${userId}`, {
    headers: {
      authorization: `Bearer ${token ?? (await resultsService.keys.accessTokenFor(userId))}`,
      ...(proof ? { "x-step-up-proof": proof } : {}),
    },
  });
}

describe("the exome file", () => {
  it("needs a fresh download proof of the same participant; each proof and each link works once", async () => {
    const { keys } = resultsService;
    const withoutProof = await reportLink("R1", exomeOf("R1"));
    expect(withoutProof.status).toBe(428);
    expect(((await withoutProof.json()) as { message: string }).message).toBe("A fresh verification is needed to download this file");
    expect((await reportLink("R1", exomeOf("R1"), await keys.stepUpProofFor("R1", "withdrawal"))).status).toBe(403);
    expect((await reportLink("R1", exomeOf("R1"), await keys.stepUpProofFor("R2", "download"))).status).toBe(403);
    // A results link never opens raw data, proof or not.
    const resultsLink = await keys.accessTokenFor("R1", { token_type: "ACCESS" });
    expect((await reportLink("R1", exomeOf("R1"), await keys.stepUpProofFor("R1", "download"), resultsLink)).status).toBe(403);

    // A recovery code never releases raw genetic data, whatever signed the proof.
    const byRecoveryCode = await keys.stepUpProofFor("R1", "download", {}, { amr: ["rec"] });
    expect((await reportLink("R1", exomeOf("R1"), byRecoveryCode)).status).toBe(403);

    const proof = await keys.stepUpProofFor("R1", "download", {}, { amr: ["sms"] });
    const given = await reportLink("R1", exomeOf("R1"), proof);
    expect(given.status).toBe(200);
    const link = reachable(((await given.json()) as { providerReportUrl: string }).providerReportUrl);
    expect((await reportLink("R1", exomeOf("R1"), proof)).status).toBe(403);

    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="R1-exome.vcf"');
    expect((await file.text()).startsWith("##fileformat=VCFv4.2")).toBe(true);
    const again = await fetch(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("<h1>This download link has been used</h1>");
  });

  it("a report that is no raw data needs no proof", async () => {
    expect((await reportLink("R1", traitsOf("R1"))).status).toBe(200);
  });
});

describe("the archive of everything", () => {
  it("needs a fresh download proof of the same participant, once", async () => {
    const { keys } = resultsService;
    const token = await keys.accessTokenFor("R2");
    const requested = await fetch(`${resultsService.url}/exports/R2`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ language: "en" }),
    });
    const { export: job } = (await requested.json()) as { export: { id: string } };
    await expect
      .poll(
        async () => {
          const listed = (await (
            await fetch(`${resultsService.url}/exports/R2`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as {
            exports: { id: string; status: string }[];
          };
          return listed.exports.find((each) => each.id === job.id)?.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe("ready");
    const file = (proof?: string) =>
      fetch(`${resultsService.url}/exports/R2/${job.id}/file`, {
        headers: { authorization: `Bearer ${token}`, ...(proof ? { "x-step-up-proof": proof } : {}) },
      });
    expect((await file()).status).toBe(428);
    expect((await file(await keys.stepUpProofFor("R2", "withdrawal"))).status).toBe(403);
    const proof = await keys.stepUpProofFor("R2", "download");
    const archive = await file(proof);
    expect(archive.status).toBe(200);
    expect(archive.headers.get("content-type")).toBe("application/zip");
    await archive.arrayBuffer();
    expect((await file(proof)).status).toBe(403);
  });
});

describe("a download the browser gives up on", () => {
  it("is logged as the client's doing (info), never as a failure of the service", async () => {
    const given = await reportLink("R3", exomeOf("R3"), await resultsService.keys.stepUpProofFor("R3", "download"));
    const link = reachable(((await given.json()) as { providerReportUrl: string }).providerReportUrl);
    const stop = new AbortController();
    const file = await globalThis.fetch(link, { signal: stop.signal, headers: { "x-request-id": "abort-check-1" } });
    const reader = file.body!.getReader();
    await reader.read();
    stop.abort();
    await expect
      .poll(() => logs.lines.some((line) => line.includes("abort-check-1") && line.includes("client went away")), { timeout: 10_000 })
      .toBe(true);
    const errors = logs.lines.map((line) => JSON.parse(line) as { level: number; requestId?: string }).filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });

  it("and a long path is logged cut, as the portal cuts it", async () => {
    await globalThis.fetch(`${resultsService.url}/results/${"x".repeat(5000)}`, { headers: { "x-request-id": "long-path-1" } });
    await expect.poll(() => logs.lines.some((line) => line.includes("long-path-1"))).toBe(true);
    const line = JSON.parse(logs.lines.find((each) => each.includes("long-path-1"))!) as { path: string };
    expect(line.path.length).toBeLessThanOrEqual(201);
  });
});
