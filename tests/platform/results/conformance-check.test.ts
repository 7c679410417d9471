import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkResultsApi } from "../../../platform/results/contract/conformance.ts";
import { loadResultsContract } from "../../../platform/results/contract/results-contract.ts";
import { contractCheckedFetch } from "../../support/results-contract";
import { demoAda, participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/**
 * `npm run check:results-api`: the reference service conforms; an implementation that answers
 * wrongly in a few ways is named, operation by operation, and the command exits non-zero.
 */
const USER = "C1";
const dateOfBirth = demoAda.dateOfBirth as string;
/** What the tests themselves get from the reference service is checked against the document too. */
const fetch = contractCheckedFetch(() => resultsService.url);
const checked = participantLike(USER, {
  dataExports: [{ state: "ready", language: "en" }],
  // A ready FH report that found a variant, so that a family letter is made, read, opened and ended, and one
  // that found none, whose letter is refused.
  apps: [
    ...demoAda.apps.map((app) => ({ ...app, appID: `${app.appID}-${USER}` })),
    {
      appID: `app-fh-health-${USER}`,
      appName: "fh-health",
      label: "Familial Hypercholesterolemia",
      labelEs: null,
      type: "health",
      fhFinding: { gene: "LDLR", variant: "NM_000527.5:c.1775G>A (p.Gly592Glu)", classification: "pathogenic" },
    },
    {
      appID: `app-fh-none-${USER}`,
      appName: "fh-health",
      label: "Familial Hypercholesterolemia (negative)",
      labelEs: null,
      type: "health",
    },
  ],
});
// A reissued health report, so a version is asked for by number.
const reissuedHealth = {
  reportVersions: [
    { version: 1, issuedOn: "2026-09-08", change: null, changeEs: null },
    { version: 2, issuedOn: "2026-11-17", change: "A variant was reclassified.", changeEs: null },
  ],
};
const resultsService = resultsServiceForSuite("conformance", [
  {
    ...checked,
    apps: checked.apps.map((app) => ((app as { appName?: unknown }).appName === "health" ? { ...app, ...reissuedHealth } : app)),
  },
]);

async function tokens() {
  const { keys } = resultsService;
  return {
    token: await keys.accessTokenFor(USER),
    resultsLinkToken: await keys.accessTokenFor(USER, { token_type: "ACCESS" }),
    kitStepsToken: await keys.sign({ sub: "identity-provider" }, { audience: `${keys.audience}/kit-steps`, typ: "kit-steps+jwt" }),
    reportReissuesToken: await keys.sign(
      { sub: "identity-provider" },
      { audience: `${keys.audience}/report-reissues`, typ: "report-reissues+jwt" },
    ),
    shareNoticesToken: await keys.sign(
      { sub: "identity-provider" },
      { audience: `${keys.audience}/share-notices`, typ: "share-notices+jwt", issuedAt: Math.floor(Date.now() / 1000) },
    ),
    counsellingNoticesToken: await keys.sign(
      { sub: "identity-provider" },
      { audience: `${keys.audience}/counselling-notices`, typ: "counselling-notices+jwt", issuedAt: Math.floor(Date.now() / 1000) },
    ),
    counsellingTeamToken: await keys.sign(
      { sub: "counsellor" },
      { audience: `${keys.audience}/counselling-queue`, typ: "counselling-team+jwt", issuedAt: Math.floor(Date.now() / 1000) },
    ),
  };
}

/** The command as an operator runs it: tokens in the environment, the rest as options. */
async function runCheck(url: string): Promise<{ code: number | null; output: string }> {
  const given = await tokens();
  const child = spawn("npm", ["run", "--silent", "check:results-api", "--", url, "--user", USER, "--date-of-birth", dateOfBirth], {
    env: {
      ...process.env,
      RESULTS_CHECK_TOKEN: given.token,
      RESULTS_CHECK_RESULTS_LINK_TOKEN: given.resultsLinkToken,
      RESULTS_CHECK_KIT_STEPS_TOKEN: given.kitStepsToken,
      RESULTS_CHECK_SHARE_NOTICES_TOKEN: given.shareNoticesToken,
      RESULTS_CHECK_REPORT_REISSUES_TOKEN: given.reportReissuesToken,
      RESULTS_CHECK_COUNSELLING_NOTICES_TOKEN: given.counsellingNoticesToken,
      RESULTS_CHECK_COUNSELLING_TEAM_TOKEN: given.counsellingTeamToken,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}

/** Each operation's line: its outcome by operation id. */
function outcomes(output: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of output.matchAll(/^(passed|failed|not checked)\s+(\w+)\s/gm)) found[match[2]!] = match[1]!;
  return found;
}

const operationIds = loadResultsContract().operations.map((operation) => operation.operationId);

beforeAll(async () => {
  // The participant's download of everything is being built when the service starts: checked once it is ready, as they would see it.
  const token = await resultsService.keys.accessTokenFor(USER);
  await vi.waitFor(
    async () => {
      const { exports } = (await (
        await fetch(`${resultsService.url}/exports/${USER}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        exports: { status: string }[];
      };
      expect(exports.map((job) => job.status)).toContain("ready");
    },
    { timeout: 60_000, interval: 200 },
  );
}, 90_000);

describe("the embedded results service (the reference implementation)", () => {
  it("passes the check: every operation of the document conforms, and the command exits 0", async () => {
    const { code, output } = await runCheck(resultsService.url);
    expect(outcomes(output), output).toEqual(Object.fromEntries(operationIds.map((id) => [id, "passed"])));
    // Every case was run: a share opened with the date of birth, a ready download fetched, the identity provider's calls.
    expect(output).not.toMatch(/^failed|partly|not checked \w/m);
    expect(code, output).toBe(0);
  }, 120_000);

  it("passes it read strictly too: it answers no field the document does not name", async () => {
    const strict = loadResultsContract({ strict: true });
    const reports = await checkResultsApi(
      { url: resultsService.url, userId: USER, sourceId: "dna-discovery", dateOfBirth, ...(await tokens()) },
      strict,
    );
    expect(reports.filter((report) => report.outcome !== "passed" || report.notChecked)).toEqual([]);
    expect(reports.find((report) => report.operationId === "getSharedReportPdf")?.cases.map((entry) => entry.what)).toContain(
      "the shared report as a PDF",
    );
    expect(reports.find((report) => report.operationId === "getReport")?.cases.map((entry) => entry.what)).toEqual(
      expect.arrayContaining(["a reissued report's newest version by number", "a version the report does not have: not found"]),
    );
    expect(reports.find((report) => report.operationId === "getReportContent")?.cases.map((entry) => entry.what)).toEqual(
      expect.arrayContaining([
        "a reissued report's earliest version: that version, and the newest's number",
        "a version the report does not have: not found",
      ]),
    );
    // A letter is made for the FH report that found a variant, and refused for the one that found none.
    expect(reports.find((report) => report.operationId === "createFamilyLetter")?.cases.map((entry) => entry.what)).toEqual(
      expect.arrayContaining(["an FH report that found no variant: no letter", "the letter of a ready FH report"]),
    );
  }, 120_000);
});

describe("an implementation that answers wrongly", () => {
  let wrong: Server;
  let wrongUrl: string;

  /**
   * The reference behind a proxy that breaks four operations: results for anyone (no token
   * checked), a report's address under another name, withdrawals as plain text, and the kit-step
   * log without its position and for anyone. Everything else is passed through as it is.
   */
  beforeAll(async () => {
    const ownToken = await resultsService.keys.accessTokenFor(USER);
    const forward = async (req: IncomingMessage, authorization = req.headers.authorization) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return fetch(resultsService.url + req.url, {
        method: req.method,
        headers: { ...(authorization ? { authorization } : {}), "content-type": req.headers["content-type"] ?? "application/json" },
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
    };
    const send = (res: ServerResponse, status: number, type: string, body: string) =>
      res.writeHead(status, { "content-type": type }).end(body);
    wrong = createServer(async (req, res) => {
      const path = (req.url ?? "/").split("?")[0]!;
      if (path.startsWith("/results/")) {
        const answer = await forward(req, `Bearer ${ownToken}`);
        return send(res, answer.status, "application/json", await answer.text());
      }
      if (path.startsWith("/reports/") && path.endsWith("/content")) {
        // A report with nothing in it: what the document allows, but no report to read.
        const answer = await forward(req);
        const body = (await answer.json()) as { report?: { sections: unknown[] } };
        if (answer.ok && body.report) body.report.sections = [];
        return send(res, answer.status, "application/json", JSON.stringify(body));
      }
      if (path.startsWith("/reports/")) {
        const answer = await forward(req);
        const body = (await answer.json()) as { providerReportUrl?: string };
        return send(res, answer.status, "application/json", JSON.stringify(answer.ok ? { reportUrl: body.providerReportUrl } : body));
      }
      if (path.startsWith("/withdrawals/") && req.method === "GET") return send(res, 200, "text/plain", "none");
      if (path === "/kit-step-changes") return send(res, 200, "application/json", JSON.stringify({ changes: [] }));
      const answer = await forward(req);
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "retry-after", "content-disposition"]) {
        const value = answer.headers.get(name);
        if (value) headers[name] = value;
      }
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => wrong.listen(0, "127.0.0.1", resolve));
    wrongUrl = `http://127.0.0.1:${(wrong.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => wrong.close(() => resolve())));

  it("fails the check, naming each operation it breaks and why, and the command exits non-zero", async () => {
    const { code, output } = await runCheck(wrongUrl);
    const failing = ["getResults", "getReport", "getReportContent", "listWithdrawals", "listKitStepChanges"];
    expect(outcomes(output), output).toEqual(
      Object.fromEntries(operationIds.map((id) => [id, failing.includes(id) ? "failed" : "passed"])),
    );
    expect(output).toMatch(/- without a token: refused: answered 200, expected 401/);
    expect(output).toMatch(/- with a results link: .*: a results link read consents, kitEvents/);
    expect(output).toMatch(/- the report of [\w-]+: .*providerReportUrl/);
    expect(output).toMatch(/- the content of [\w-]+'s report, in Spanish: a report without sections/);
    expect(output).toMatch(/- the participant's requests: content type "text\/plain" is not one the document gives/);
    expect(output).toMatch(/- with a participant's token: refused: answered 200, expected 401/);
    expect(output).toMatch(/- the log's start: .*lastId/);
    expect(code, output).toBe(1);
  }, 120_000);
});
