import { describe, expect, it } from "vitest";
import { reportContentFor } from "../../../platform/results/report-content.ts";
import type { AppRecord, PatientRecord } from "../../../platform/results/repository.ts";
import { contractCheckedFetch } from "../../support/results-contract";
import { participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

const kitHistory = { events: [1, 2, 3, 4, 5].map((step) => ({ step, date: `2026-0${step}-10` })) };
const resultsService = resultsServiceForSuite(
  "report-versions",
  [participantLike("V1", { kitHistory }), participantLike("V2", { kitStatus: 4, kitHistory: { events: kitHistory.events.slice(0, 4) } })],
  { publicUrl: "http://results.public.test" },
);
const reachable = (link: string) => link.replace("http://results.public.test", resultsService.url);

const HEALTH = "app-1001-health-V1";
const asParticipant = async (userId: string) => ({ authorization: `Bearer ${await resultsService.keys.accessTokenFor(userId)}` });
const reissue = (userId: string, appId: string, body: unknown) =>
  fetch(`${resultsService.url}/dev/reports/${userId}/${appId}/reissue`, { method: "POST", body: JSON.stringify(body) });
const reportUrl = async (userId: string, appId: string, query = "") =>
  fetch(`${resultsService.url}/reports/dna-discovery/${appId}/${userId}${query}`, { headers: await asParticipant(userId) });
const readLog = async (query = "") =>
  fetch(`${resultsService.url}/report-reissues${query}`, {
    headers: {
      authorization: `Bearer ${await resultsService.keys.accessTokenFor(
        "V1",
        {},
        { audience: `${resultsService.keys.audience}/report-reissues`, typ: "report-reissues+jwt" },
      )}`,
    },
  });

type Listed = { apps: { appID: string; reportVersions?: { version: number; issuedOn: string; change: string | null }[] }[] };

describe("report versions (results service)", () => {
  it("reissues a ready report: both versions listed newest first, each opened by its own link, and the reissue logged once", async () => {
    const before = (await (await readLog()).json()) as { lastId: number };
    const made = await reissue("V1", HEALTH, { change: "A variant was reclassified.", changeEs: "Se reclasificó una variante." });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({
      version: {
        version: 2,
        issuedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        change: "A variant was reclassified.",
        changeEs: "Se reclasificó una variante.",
      },
    });

    const listed = (await (await fetch(`${resultsService.url}/results/V1`, { headers: await asParticipant("V1") })).json()) as Listed;
    const health = listed.apps.find((app) => app.appID === HEALTH)!;
    // The first version is dated the day the health results were ready (step 5).
    expect(health.reportVersions?.map(({ version, issuedOn, change }) => ({ version, issuedOn, change }))).toEqual([
      { version: 2, issuedOn: expect.any(String), change: "A variant was reclassified." },
      { version: 1, issuedOn: "2026-05-10", change: null },
    ]);
    // A report never reissued lists no versions.
    expect(listed.apps.find((app) => app.appID === "app-1001-traits-V1")?.reportVersions).toBeUndefined();

    const first = (await (await reportUrl("V1", HEALTH, "?version=1")).json()) as { providerReportUrl: string };
    expect(first.providerReportUrl).toContain("version=1");
    const opened = await fetch(reachable(first.providerReportUrl));
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    // The signature covers the version: the same link naming another version opens nothing.
    expect((await fetch(reachable(first.providerReportUrl).replace("version=1", "version=2"))).status).toBe(403);
    expect((await reportUrl("V1", HEALTH, "?version=7")).status).toBe(404);
    expect((await reportUrl("V1", HEALTH, "?version=first")).status).toBe(400);

    // The report's page reads the same versions: each dated the day it was issued, saying what changed in it.
    type Content = {
      report: { sections: { heading: string; rows?: string[][]; paragraphs?: string[] }[] };
      version?: { version: number };
      newestVersion?: number;
    };
    const content = async (query: string) =>
      fetch(`${resultsService.url}/reports/dna-discovery/${HEALTH}/V1/content${query}`, { headers: await asParticipant("V1") });
    const firstPage = (await (await content("?version=1")).json()) as Content;
    expect(firstPage.version?.version).toBe(1);
    expect(firstPage.newestVersion).toBe(2);
    expect(firstPage.report.sections[0]!.rows).toContainEqual(["Report date", "May 10, 2026"]);
    expect(firstPage.report.sections[0]!.rows).toContainEqual(["Report version", "1"]);
    expect(firstPage.report.sections.map((section) => section.heading)).not.toContain("What changed in this version");
    const newestPage = (await (await content("?lang=es")).json()) as Content;
    expect(newestPage.version?.version).toBe(2);
    expect(newestPage.report.sections[0]!.rows).toContainEqual(["Versión del informe", "2"]);
    expect(newestPage.report.sections).toContainEqual({
      heading: "Qué cambió en esta versión",
      paragraphs: ["Se reclasificó una variante."],
    });
    expect((await content("?version=7")).status).toBe(404);
    expect((await content("?version=first")).status).toBe(400);
    // A report never reissued says nothing of versions.
    const traits = await fetch(`${resultsService.url}/reports/dna-discovery/app-1001-traits-V1/V1/content`, {
      headers: await asParticipant("V1"),
    });
    expect(await traits.json()).not.toHaveProperty("version");

    const log = (await (await readLog(`?after=${before.lastId}`)).json()) as { reissues: unknown[]; lastId: number };
    expect(log.reissues).toEqual([
      { id: log.lastId, userId: "V1", appId: HEALTH, appName: "health", version: 2, reissuedAt: expect.any(String) },
    ]);
  });

  it("refuses a report not ready, an unknown app and a change that is not one sentence, and the log is the identity provider's alone", async () => {
    expect((await reissue("V2", "app-1001-health-V2", { change: "New method." })).status).toBe(409);
    expect((await reissue("V1", "no-such-app", { change: "New method." })).status).toBe(404);
    expect((await reissue("V1", HEALTH, { change: "" })).status).toBe(400);
    expect((await reissue("V1", HEALTH, { change: "x".repeat(301) })).status).toBe(400);
    expect((await reissue("V1", HEALTH, { change: "Line\u0000break" })).status).toBe(400);
    const asParticipantLog = await fetch(`${resultsService.url}/report-reissues`, { headers: await asParticipant("V1") });
    expect(asParticipantLog.status).toBe(401);
    expect((await readLog("?limit=0")).status).toBe(400);
  });
});

describe("a reissued report's document", () => {
  const patient = { userId: "V1", firstName: "Vera", middleName: null, lastName: "Testwell" } as PatientRecord;
  const health = { appID: "h", appName: "health", label: "Health", labelEs: "Salud", type: "health", documentBytes: null } as AppRecord;
  it("names its version and says what changed, in the report's language", () => {
    const content = reportContentFor(patient, health, {
      language: "es",
      issuedAt: new Date("2026-11-17T12:00:00Z"),
      laboratory: "CLIA",
      version: { number: 2, change: "Se reclasificó una variante." },
    });
    expect(content.sections[0]!.rows).toContainEqual(["Versión del informe", "2"]);
    expect(content.sections[0]!.rows).toContainEqual(["Fecha del informe", "17 de noviembre de 2026"]);
    expect(content.sections[1]).toEqual({ heading: "Qué cambió en esta versión", paragraphs: ["Se reclasificó una variante."] });
  });
});
