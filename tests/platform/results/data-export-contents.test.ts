import { describe, expect, it } from "vitest";
import { fromBuffer, type Entry } from "yauzl";
import { normalizePatientResults, PatientResultsSchema } from "../../../app/domain/patient-results";
import { drawnText } from "../../support/pdf-text";
import { contractCheckedFetch } from "../../support/results-contract";
import { demoAda, participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

/**
 * Every kind of app a program has, as the portal shows them: health ones that wait for the health
 * results, traits, ancestry and the exome file that come with sequencing, an app without a type
 * (its name decides) and one without a label (the portal drops it).
 */
const everyKindOfApp = [
  ...demoAda.apps,
  {
    appID: "app-fh",
    appName: "fh-health",
    label: "Familial Hypercholesterolemia",
    labelEs: "Hipercolesterolemia familiar",
    type: "health",
  },
  { appID: "app-wellness", appName: "women-wellness", label: "Women's Wellness", labelEs: "Bienestar femenino", type: "wellness" },
  { appID: "app-untyped", appName: "nevada-traits", label: "Nevada Partner Traits", labelEs: null, type: null },
  { appID: "app-unlabelled", appName: "whole-person-traits", label: null, labelEs: null, type: "traits" },
];

/** Each kit status the results service can hold, the missing one included. */
const kitStatuses = [null, 0, 1, 2, 3, 4, 5] as const;
const userIdFor = (status: number | null) => `K${status ?? "missing"}`;

const resultsService = resultsServiceForSuite(
  "export-contents",
  kitStatuses.map((kitStatus) =>
    participantLike(userIdFor(kitStatus), {
      kitStatus,
      apps: everyKindOfApp.map((app) => ({ ...app, appID: `${app.appID}-${userIdFor(kitStatus)}` })),
    }),
  ),
  { publicUrl: "http://results.public.test", exportPollMs: 100 },
);

const call = async (pathname: string, userId: string, init: RequestInit = {}) =>
  fetch(resultsService.url + pathname, {
    ...init,
    headers: { authorization: `Bearer ${await resultsService.keys.accessTokenFor(userId)}`, ...init.headers },
  });

function entryBytes(archive: Buffer, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on("entry", (entry: Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => resolve(Buffer.concat(chunks)));
        });
      });
      zip.on("end", () => reject(new Error(`${name} is not in the archive`)));
      zip.readEntry();
    });
  });
}

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

/** The reports My Results offers the participant to open: the portal's own reading of the results. */
async function reportsThePortalOffers(userId: string): Promise<string[]> {
  const response = await call(`/results/${userId}?sourceID=${demoAda.sourceID as string}`, userId);
  expect(response.status).toBe(200);
  const results = normalizePatientResults(PatientResultsSchema.parse(await response.json()));
  const offered = results.apps.filter((app) => app.reportReady);
  // The results service hands out exactly those reports, and answers 409 (not ready) for the others.
  for (const app of results.apps) {
    // The exome is raw genetic data: its address takes a fresh proof (raw-data-downloads.test.ts).
    const proof: Record<string, string> =
      app.appName === "exome-download" ? { "x-step-up-proof": await resultsService.keys.stepUpProofFor(userId, "download") } : {};
    const link = await call(`/reports/${demoAda.sourceID as string}/${app.appID}/${userId}`, userId, { headers: proof });
    expect(link.status, `${app.appName} at kit status ${results.kitStatus}`).toBe(app.reportReady ? 200 : 409);
  }
  return offered.map((app) => app.appName).sort();
}

/** The participant's 'Download all your data' archive, requested and downloaded as the portal does. */
async function archiveOf(userId: string): Promise<Buffer> {
  const requested = await call(`/exports/${userId}`, userId, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ language: "en" }),
  });
  expect(requested.status).toBe(202);
  const { export: job } = (await requested.json()) as { export: { id: string } };
  await expect
    .poll(
      async () => {
        const list = (await (await call(`/exports/${userId}`, userId)).json()) as { exports: Array<{ id: string; status: string }> };
        return list.exports.find((each) => each.id === job.id)?.status;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe("ready");
  // The archive holds raw genetic data: its download takes a fresh proof (raw-data-downloads.test.ts).
  const proof = await resultsService.keys.stepUpProofFor(userId, "download");
  return Buffer.from(
    await (await call(`/exports/${userId}/${job.id}/file`, userId, { headers: { "x-step-up-proof": proof } })).arrayBuffer(),
  );
}

/** The reports in the participant's 'Download all your data' archive, by the app they are of. */
async function reportsInTheArchive(userId: string): Promise<string[]> {
  return (await entryNames(await archiveOf(userId)))
    .filter((name) => name.startsWith("reports/"))
    .map((name) => (name === `reports/${userId}-exome.vcf` ? "exome-download" : name.replace(/^reports\/(.+)-report\.pdf$/, "$1")))
    .sort();
}

describe("'Download all your data' holds the reports the portal offers, no more", () => {
  for (const kitStatus of kitStatuses) {
    it(`at kit status ${kitStatus ?? "missing"}`, async () => {
      const userId = userIdFor(kitStatus);
      expect(await reportsInTheArchive(userId)).toEqual(await reportsThePortalOffers(userId));
    });
  }

  it("leaves out the health, FH and women's wellness reports at kit status 4, which My Results says are not ready", async () => {
    const inArchive = await reportsInTheArchive(userIdFor(4));
    expect(inArchive).toEqual(["ancestry", "exome-download", "nevada-traits", "traits"]);
    expect(inArchive).not.toContain("health");
    expect(inArchive).not.toContain("fh-health");
    expect(inArchive).not.toContain("women-wellness");
  });

  it("holds a reissued report as its newest version, saying what changed", async () => {
    const userId = userIdFor(5);
    const health = `app-1001-health-${userId}`;
    const reissued = await fetch(`${resultsService.url}/dev/reports/${userId}/${health}/reissue`, {
      method: "POST",
      body: JSON.stringify({ change: "A variant was reclassified." }),
    });
    expect(reissued.status).toBe(201);
    const text = drawnText(await entryBytes(await archiveOf(userId), "reports/health-report.pdf"));
    expect(text).toContain("A variant was reclassified.");
  });
});
