import { randomBytes, randomUUID } from "node:crypto";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";
import { offersCounselling } from "../../../lib/program/counselling.ts";
import { kitBarcodeFrom, kitCheckDigit } from "../../../lib/program/kit-barcode.ts";
import { loadResultsContract, type ContractOperation, type ResultsContract } from "./results-contract.ts";

/**
 * The conformance check of a results API implementation: each operation of the document is called
 * the way the portal and the identity service call it (and the ways they must be refused), and every
 * answer must be one the document allows, with the status the case expects. Nothing a participant
 * would notice is left behind except what `readOnly` avoids: one download of all their data asked
 * for, one share created and revoked at once (the identity service e-mails them about it), and one
 * barcode of no kit counted against the participant's kit-registration budget.
 */

interface ConformanceOptions {
  /** The implementation's base URL (what the portal's RESULTS_API_URL would be). */
  url: string;
  /** A test participant of that implementation… */
  userId: string;
  /** …and their access token, as the identity provider issues it for this API. */
  token: string;
  /** The participant's source (the portal's RESULTS_SOURCE_ID). */
  sourceId: string;
  /** The participant's date of birth, to open a share as a clinician does. */
  dateOfBirth?: string;
  /** A results-link token of the same participant (`token_type: "ACCESS"`). */
  resultsLinkToken?: string;
  /** The identity provider's tokens for its logs and notices, and the counselling team's for its queue. */
  kitStepsToken?: string;
  shareNoticesToken?: string;
  reportReissuesToken?: string;
  counsellingTeamToken?: string;
  counsellingNoticesToken?: string;
  /** Change nothing: no download asked for, no share or counselling request created, no barcode tried. */
  readOnly?: boolean;
}

type Outcome = "passed" | "failed" | "not checked";

interface OperationReport extends ContractOperation {
  outcome: Outcome;
  cases: { what: string; passed: boolean; why?: string }[];
  /** Why nothing was tried (or, for one that passed, which of its cases were not). */
  notChecked?: string;
}

/** A call's token (none when undefined) and JSON body; with `schema`, the body answered must match that component. */
interface Call {
  auth?: string;
  body?: unknown;
  schema?: string;
  check?: (answer: Answer) => string | null;
}

interface Answer {
  status: number;
  json: unknown;
}

const bearer = (token: string) => `Bearer ${token}`;
/** Looks like a token and is none: an implementation that accepts it checks nothing. */
const FORGED_TOKEN = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOiJzb21lb25lIn0.c2lnbmF0dXJl";

export async function checkResultsApi(
  options: ConformanceOptions,
  contract: ResultsContract = loadResultsContract(),
): Promise<OperationReport[]> {
  const base = options.url.replace(/\/+$/, "");
  const user = encodeURIComponent(options.userId);
  const reports = new Map<string, OperationReport>();
  for (const operation of contract.operations) reports.set(operation.operationId, { ...operation, outcome: "not checked", cases: [] });

  const record = (operationId: string, what: string, why: string | null) => {
    const report = reports.get(operationId);
    if (!report) throw new Error(`${operationId} is not an operation of the document`);
    report.cases.push(why === null ? { what, passed: true } : { what, passed: false, why });
  };
  const skip = (operationId: string, why: string) => void (reports.get(operationId)!.notChecked ??= why);

  /**
   * One call of one operation (`request` is "METHOD /path"): it must answer one of `expected`, as the
   * document allows. Answers the parsed answer, or null.
   */
  async function probe(operationId: string, what: string, request: string, expected: number[], call: Call = {}): Promise<Answer | null> {
    const operation = contract.operations.find((candidate) => candidate.operationId === operationId) as ContractOperation;
    const [method, path] = request.split(" ") as [string, string];
    const headers: Record<string, string> = { accept: "application/json" };
    if (call.auth !== undefined) headers.authorization = call.auth;
    if (call.body !== undefined) headers["content-type"] = "application/json";
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    let response: Response;
    try {
      response = await serviceFetch(base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      record(operationId, what, `no answer (${cause ?? (error as Error).name})`);
      return null;
    }
    const readsJson = contract.answersJson(operation, response.status) || (response.headers.get("content-type") ?? "").includes("json");
    let text: string | undefined;
    if (readsJson) text = await response.text();
    else await response.body?.cancel();
    const problems: string[] = [];
    if (!expected.includes(response.status)) problems.push(`answered ${response.status}, expected ${expected.join(" or ")}`);
    problems.push(...contract.problemsWith(operation, { status: response.status, headers: response.headers, body: text }));
    let json: unknown;
    try {
      json = text === undefined ? undefined : JSON.parse(text);
    } catch {
      // problemsWith said so when the document promises JSON.
    }
    const answer: Answer = { status: response.status, json };
    if (problems.length === 0 && call.schema)
      problems.push(...contract.schemaProblems(call.schema, json).map((problem) => `${call.schema}: ${problem}`));
    const wrong = problems.length === 0 && call.check?.(answer);
    if (wrong) problems.push(wrong);
    record(operationId, what, problems.length ? problems.join("; ") : null);
    return problems.length ? null : answer;
  }

  const own = bearer(options.token);
  const asOwner = { auth: own };
  const source = encodeURIComponent(options.sourceId);
  const otherUser = encodeURIComponent(`${options.userId}-another-participant`);

  // Health.
  await probe("health", "answers", "GET /healthz", [200]);

  // Results.
  const results = await probe(
    "getResults",
    "the participant's own results, every field",
    `GET /results/${user}?sourceID=${source}`,
    [200],
    {
      auth: own,
      schema: "ParticipantResults",
    },
  );
  await probe("getResults", "without a token: refused", `GET /results/${user}`, [401]);
  await probe("getResults", "with a forged token: refused", `GET /results/${user}`, [401], { auth: bearer(FORGED_TOKEN) });
  await probe("getResults", "another participant's: refused", `GET /results/${otherUser}`, [403], asOwner);
  const otherSource = encodeURIComponent(`${options.sourceId}-not-theirs`);
  await probe("getResults", "another source: not found", `GET /results/${user}?sourceID=${otherSource}`, [404], asOwner);
  if (options.resultsLinkToken) {
    await probe("getResults", "with a results link: without consents, kit history or e-mail address", `GET /results/${user}`, [200], {
      auth: bearer(options.resultsLinkToken),
      schema: "ResultsLinkResults",
      check: ({ json }) => {
        const body = json as Record<string, unknown> & { Patient?: Record<string, unknown> };
        const shown = ["consents", "kitEvents", "nextStepExpectedBy", "delayReason"].filter((field) => field in body);
        if (body.Patient && "email" in body.Patient) shown.push("Patient.email");
        return shown.length ? `a results link read ${shown.join(", ")}` : null;
      },
    });
  }

  // Reports, and as pages (the content of each ready report, in Spanish when asked): each app's (a few), and one that is not theirs.
  type App = { appID: string; appName: string; type: string | null; variantFound?: boolean; reportVersions?: { version: number }[] };
  const allApps = (results?.json as { apps?: App[] } | undefined)?.apps ?? [];
  const apps = allApps.slice(0, 6);
  const readyReports: App[] = [];
  if (!results) for (const operationId of ["getReport", "getReportContent"]) skip(operationId, "the participant's results were not read");
  const reportOf = (appId: string) => `/reports/${source}/${encodeURIComponent(appId)}/${user}`;
  // A reissued report: its newest version by number; its page's earliest version, saying which it is and the newest; one it does not have.
  const reissued = allApps.find((app) => app.reportVersions?.length);
  if (reissued) {
    const versions = reissued.reportVersions!;
    const newest = versions[0]!.version;
    await probe(
      "getReport",
      "a reissued report's newest version by number",
      `GET ${reportOf(reissued.appID)}?version=${newest}`,
      [200],
      asOwner,
    );
    await probe(
      "getReport",
      "a version the report does not have: not found",
      `GET ${reportOf(reissued.appID)}?version=999999`,
      [404],
      asOwner,
    );
    const path = `${reportOf(reissued.appID)}/content`;
    const earliest = versions[versions.length - 1]!.version;
    await probe(
      "getReportContent",
      "a reissued report's earliest version: that version, and the newest's number",
      `GET ${path}?lang=en&version=${earliest}`,
      [200],
      {
        auth: own,
        check: ({ json }) => {
          const body = json as { version?: { version?: number }; newestVersion?: number };
          if (body.version?.version !== earliest) return `version ${String(body.version?.version)} instead of ${earliest}`;
          return body.newestVersion === newest ? null : `newestVersion ${String(body.newestVersion)}`;
        },
      },
    );
    await probe("getReportContent", "a version the report does not have: not found", `GET ${path}?version=999999`, [404], asOwner);
  }
  for (const app of apps) {
    const answer = await probe(
      "getReport",
      `the report of ${app.appID}`,
      `GET ${reportOf(app.appID)}?lang=en`,
      // Raw genetic data (the exome download) needs a fresh proof the check cannot have: 428.
      app.appName === "exome-download" ? [428, 409] : [200, 409],
      asOwner,
    );
    if (answer?.status === 200) readyReports.push(app);
    const what = `the content of ${app.appID}'s report, in Spanish`;
    const request = `GET ${reportOf(app.appID)}/content?lang=es`;
    // The exome is a data file, no report to read.
    if (app.appName === "exome-download") await probe("getReportContent", what, request, [404, 409], asOwner);
    else
      await probe("getReportContent", what, request, [200, 409], {
        auth: own,
        check: ({ status, json }) => {
          const report = (json as { report?: { sections?: unknown[] } }).report;
          return status !== 200 || report?.sections?.length ? null : "a report without sections";
        },
      });
  }
  const notTheirs = reportOf("conformance-no-such-app");
  if (results) {
    await probe("getReport", "an app that is not theirs: not found", `GET ${notTheirs}`, [404], asOwner);
    await probe("getReport", "without a token: refused", `GET ${notTheirs}`, [401]);
    await probe("getReportContent", "an app that is not theirs: not found", `GET ${notTheirs}/content`, [404], asOwner);
    await probe("getReportContent", "without a token: refused", `GET ${notTheirs}/content`, [401]);
  }

  // Downloads of all the participant's data.
  const listed = await probe("listExports", "the participant's downloads", `GET /exports/${user}`, [200], asOwner);
  await probe("listExports", "without a token: refused", `GET /exports/${user}`, [401]);
  if (options.resultsLinkToken)
    await probe("listExports", "with a results link: refused", `GET /exports/${user}`, [403], { auth: bearer(options.resultsLinkToken) });
  await probe("requestExport", "an unknown language: refused", `POST /exports/${user}`, [400], { auth: own, body: { language: "xx" } });
  if (options.readOnly) skip("requestExport", "read-only: no download asked for");
  else
    await probe("requestExport", "asked for (or refused for today, saying when to ask again)", `POST /exports/${user}`, [202, 429], {
      auth: own,
      body: { language: "en" },
    });
  await probe("downloadExport", "an unknown download: not found", `GET /exports/${user}/${randomUUID()}/file`, [404], asOwner);
  const now = Date.now();
  const ready = (
    (listed?.json as { exports?: { id: string; status: string; expiresAt: string | null }[] } | undefined)?.exports ?? []
  ).find((job) => job.status === "ready" && (job.expiresAt === null || Date.parse(job.expiresAt) > now + 60_000));
  if (ready)
    await probe(
      "downloadExport",
      "a ready download without a fresh verification: refused (it holds raw genetic data)",
      `GET /exports/${user}/${encodeURIComponent(ready.id)}/file`,
      [428],
      asOwner,
    );

  // Withdrawal requests (none is recorded: the step-up proof is the identity provider's, and a made-up one is refused).
  await probe("listWithdrawals", "the participant's requests", `GET /withdrawals/${user}`, [200], asOwner);
  await probe("listWithdrawals", "without a token: refused", `GET /withdrawals/${user}`, [401]);
  await probe("requestWithdrawal", "without a choice: refused", `POST /withdrawals/${user}`, [400], { auth: own, body: {} });
  await probe("requestWithdrawal", "without a real verification: refused, nothing recorded", `POST /withdrawals/${user}`, [403], {
    auth: own,
    body: { choice: "stop-research", requestKey: `conformance-${randomUUID()}`, verification: FORGED_TOKEN },
  });

  // Shares: listed, refused when malformed, and (unless read-only) one created, opened, read and revoked.
  await probe("listShares", "the participant's shares", `GET /shares/${user}`, [200], asOwner);
  await probe("listShares", "without a token: refused", `GET /shares/${user}`, [401]);
  await probe("createShare", "without an app: refused", `POST /shares/${user}`, [400], {
    auth: own,
    body: { appId: "", recipient: "x", days: 1 },
  });
  await probe("openShare", "without a code: refused", "POST /shared/open", [400], { body: { dateOfBirth: "1900-01-01" } });
  const unknownAccess = { auth: `Share ${randomBytes(32).toString("base64url")}` };
  await probe("getSharedReport", "an unknown access: refused", "GET /shared/report", [401], unknownAccess);
  await probe("getSharedReportPdf", "an unknown access: refused", "GET /shared/report.pdf", [401], unknownAccess);
  await probe("closeSharedReport", "without an access: refused", "POST /shared/close", [401]);
  await probe("revokeShare", "an unknown share: not found", `POST /shares/${user}/${randomUUID()}/revoke`, [404], asOwner);
  const shareable = readyReports.find((app) => app.type !== "download" && app.appName !== "exome-download");
  if (options.readOnly) skip("createShare", "read-only: no share created");
  else if (!shareable) skip("createShare", "the participant has no ready report to share");
  else {
    const requestKey = randomUUID();
    const body = { appId: shareable.appID, recipient: "Conformance check", days: 1, language: "en", requestKey };
    const created = await probe("createShare", "a share of a ready report", `POST /shares/${user}`, [201], {
      auth: own,
      body,
      schema: "CreatedShare",
    });
    const share = created?.json as { share: { id: string }; code: string } | undefined;
    if (share) {
      await probe("createShare", "the same request again: the same share and code", `POST /shares/${user}`, [200], {
        auth: own,
        body,
        check: ({ json }) => {
          const again = json as { share: { id: string }; code: string };
          return again.share.id === share.share.id && again.code === share.code ? null : "another share or code than the first answer";
        },
      });
      await probe("openShare", "the code with a wrong date of birth: not found", "POST /shared/open", [404], {
        body: { code: share.code, dateOfBirth: "1900-01-01", device: "conformance check" },
      });
      let access: string | undefined;
      if (options.dateOfBirth) {
        const opened = await probe("openShare", "the code with the participant's date of birth: opened", "POST /shared/open", [200], {
          body: { code: share.code, dateOfBirth: options.dateOfBirth, device: "conformance check" },
        });
        access = (opened?.json as { access?: string } | undefined)?.access;
      } else {
        skip("getSharedReport", "no date of birth given to open a share");
        skip("getSharedReportPdf", "no date of birth given to open a share");
      }
      const asClinician = { auth: `Share ${access}` };
      if (access) {
        await probe("getSharedReport", "the shared report", "GET /shared/report?lang=en", [200], asClinician);
        await probe("getSharedReportPdf", "the shared report as a PDF", "GET /shared/report.pdf?lang=en", [200], asClinician);
        await probe("closeSharedReport", "'Close this report'", "POST /shared/close", [204], asClinician);
        await probe("getSharedReport", "after 'Close this report': refused", "GET /shared/report", [401], asClinician);
      }
      await probe("revokeShare", "the share revoked", `POST /shares/${user}/${encodeURIComponent(share.share.id)}/revoke`, [200], {
        auth: own,
        check: ({ json }) => ((json as { share: { state: string } }).share.state === "revoked" ? null : "the share is not revoked"),
      });
      if (access) await probe("getSharedReport", "after the revocation: refused", "GET /shared/report", [401], asClinician);
    }
  }

  // Family letters: listed, refused when malformed, and (unless read-only) one made for an FH report, read, opened and ended.
  await probe("listFamilyLetters", "the participant's letters", `GET /family-letters/${user}`, [200], asOwner);
  await probe("listFamilyLetters", "without a token: refused", `GET /family-letters/${user}`, [401]);
  await probe("createFamilyLetter", "without an app: refused", `POST /family-letters/${user}`, [400], { auth: own, body: { appId: "" } });
  await probe("openFamilyLetter", "without a code: refused", "POST /family-letter/open", [400], { body: {} });
  await probe("openFamilyLetter", "an unknown code: not found", "POST /family-letter/open", [404, 429], { body: { code: "ZZZZZ-ZZZZZ" } });
  const unknownLetter = `/family-letters/${user}/${encodeURIComponent(randomUUID())}`;
  await probe("endFamilyLetter", "an unknown letter: not found", `POST ${unknownLetter}/end`, [404], asOwner);
  await probe("readFamilyLetter", "an unknown letter: not found", `GET ${unknownLetter}/letter`, [404], asOwner);
  await probe("familyLetterPdf", "an unknown letter: not found", `GET ${unknownLetter}/letter.pdf`, [404], asOwner);
  // A family letter goes with an FH report that found a variant; one that found none is refused.
  const fhReport = readyReports.find((app) => app.appName === "fh-health" && app.variantFound === true);
  const negativeFhReport = readyReports.find((app) => app.appName === "fh-health" && app.variantFound === false);
  if (!options.readOnly && negativeFhReport) {
    await probe("createFamilyLetter", "an FH report that found no variant: no letter", `POST /family-letters/${user}`, [409], {
      auth: own,
      body: { appId: negativeFhReport.appID },
    });
  }
  if (options.readOnly) skip("createFamilyLetter", "read-only: no family letter made");
  else if (!fhReport) skip("createFamilyLetter", "the participant has no ready FH report that found a variant");
  else {
    const made = await probe("createFamilyLetter", "the letter of a ready FH report", `POST /family-letters/${user}`, [200, 201], {
      auth: own,
      body: { appId: fhReport.appID },
      schema: "FamilyLetterAnswer",
    });
    const letter = (made?.json as { letter: { id: string; code: string } } | undefined)?.letter;
    if (letter) {
      const at = `/family-letters/${user}/${encodeURIComponent(letter.id)}`;
      const relative = { body: { code: letter.code, language: "en" } };
      await probe("readFamilyLetter", "the letter in Spanish", `GET ${at}/letter?lang=es`, [200], asOwner);
      await probe("familyLetterPdf", "the letter as a PDF", `GET ${at}/letter.pdf?lang=en`, [200], asOwner);
      await probe("openFamilyLetter", "the relative code opens the letter", "POST /family-letter/open", [200], relative);
      await probe("endFamilyLetter", "the letter ended", `POST ${at}/end`, [200], {
        auth: own,
        check: ({ json }) => ((json as { letter: { state: string } }).letter.state === "ended" ? null : "the letter is not ended"),
      });
      await probe("openFamilyLetter", "the ended code: gone", "POST /family-letter/open", [410], relative);
    }
  }

  // Kits: listed, and a registration refused for a mistyped barcode (nothing counted) and, unless
  // read-only, for a well-formed barcode of no kit (one miss of the participant's budget).
  await probe("listKits", "the participant's kits", `GET /kits/${user}`, [200], asOwner);
  await probe("listKits", "without a token: refused", `GET /kits/${user}`, [401]);
  const eleven = String(randomBytes(5).readUIntBE(0, 5) % 100_000_000_000).padStart(11, "0");
  const wrongCheck = eleven + String((Number(kitCheckDigit(eleven)) + 1) % 10);
  const collectedOn = new Date().toISOString().slice(0, 10);
  const noKit = { barcode: kitBarcodeFrom(eleven), collectedOn, sampleOf: "self" };
  await probe("registerKit", "a barcode whose check digit is wrong: refused", `POST /kits/${user}`, [400], {
    auth: own,
    body: { ...noKit, barcode: wrongCheck },
  });
  await probe("registerKit", "without a token: refused", `POST /kits/${user}`, [401], { body: noKit });
  if (options.readOnly) skip("registerKit", "read-only: no barcode of no kit tried");
  else
    await probe(
      "registerKit",
      "a barcode of no kit: not found (or 429 once the participant's budget is spent)",
      `POST /kits/${user}`,
      [404, 429],
      {
        auth: own,
        body: noKit,
      },
    );
  // The kit-step log and the report-reissue log: the identity provider's alone.
  for (const [operationId, path, token] of [
    ["listKitStepChanges", "/kit-step-changes", options.kitStepsToken],
    ["listReportReissues", "/report-reissues", options.reportReissuesToken],
  ] as const) {
    await probe(operationId, "without a token: refused", `GET ${path}`, [401]);
    await probe(operationId, "with a participant's token: refused", `GET ${path}`, [401], asOwner);
    if (token) {
      await probe(operationId, "the log's start", `GET ${path}?after=0&limit=5`, [200], { auth: bearer(token) });
      await probe(operationId, "a limit of 0: refused", `GET ${path}?limit=0`, [400], { auth: bearer(token) });
    }
  }

  // Counselling requests: the participant's own; the team's queue; the identity provider's acknowledgements.
  await probe("listCounsellingRequests", "the participant's requests", `GET /counselling/${user}`, [200], asOwner);
  await probe("listCounsellingRequests", "without a token: refused", `GET /counselling/${user}`, [401]);
  await probe("createCounsellingRequest", "without a time window: refused", `POST /counselling/${user}`, [400], {
    auth: own,
    body: { appId: "x", contact: "video", language: "en", timeZone: "UTC", windows: [] },
  });
  await probe(
    "cancelCounsellingRequest",
    "an unknown request: not found",
    `POST /counselling/${user}/${randomUUID()}/cancel`,
    [404],
    asOwner,
  );
  const counselled = readyReports.find((app) => offersCounselling(app));
  if (options.readOnly) skip("createCounsellingRequest", "read-only: no counselling request created");
  else if (!counselled) skip("createCounsellingRequest", "the participant has no ready health, FH or exome report");
  else {
    const inTwoDays = Date.now() + 2 * 86_400_000;
    const body = {
      appId: counselled.appID,
      contact: "video",
      language: "en",
      timeZone: "UTC",
      windows: [{ start: new Date(inTwoDays).toISOString(), end: new Date(inTwoDays + 3_600_000).toISOString() }],
      note: "Conformance check",
      locale: "en",
    };
    const created = await probe("createCounsellingRequest", "a request about a ready report", `POST /counselling/${user}`, [201], {
      auth: own,
      body,
    });
    const request = (created?.json as { request?: { id: string } } | undefined)?.request;
    if (request) {
      await probe(
        "createCounsellingRequest",
        "a second open request about the same report: refused with the open one",
        `POST /counselling/${user}`,
        [409],
        {
          auth: own,
          body,
          check: ({ json }) =>
            (json as { openRequest?: { id: string } }).openRequest?.id === request.id ? null : "the answer does not name the open request",
        },
      );
      await probe(
        "cancelCounsellingRequest",
        "the request cancelled",
        `POST /counselling/${user}/${encodeURIComponent(request.id)}/cancel`,
        [200],
        {
          auth: own,
          check: ({ json }) =>
            (json as { request: { state: string } }).request.state === "cancelled" ? null : "the request is not cancelled",
        },
      );
    }
  }
  await probe("readCounsellingQueue", "without a token: refused", "GET /counselling-queue", [401]);
  await probe("readCounsellingQueue", "with a participant's token: refused", "GET /counselling-queue", [401], asOwner);
  const done = { body: { state: "done" } };
  await probe("moveCounsellingRequest", "with a participant's token: refused", `POST /counselling-queue/${randomUUID()}`, [401], {
    auth: own,
    ...done,
  });
  if (options.counsellingTeamToken) {
    const team = bearer(options.counsellingTeamToken);
    await probe("readCounsellingQueue", "the open requests", "GET /counselling-queue?limit=5", [200], { auth: team });
    await probe("readCounsellingQueue", "an unknown state: refused", "GET /counselling-queue?state=lost", [400], { auth: team });
    await probe("moveCounsellingRequest", "an unknown request: not found", `POST /counselling-queue/${randomUUID()}`, [404], {
      auth: team,
      ...done,
    });
    await probe("moveCounsellingRequest", "scheduled without its time: refused", `POST /counselling-queue/${randomUUID()}`, [400], {
      auth: team,
      body: { state: "scheduled" },
    });
  }
  // What only the identity provider reads (share events, counselling requests): a participant's token opens none of it.
  // Claimed entries are held a minute and never acknowledged here, so the identity service e-mails them after.
  for (const [notices, path, token] of [
    ["ShareNotices", "/share-notices", options.shareNoticesToken],
    ["CounsellingNotices", "/counselling-notices", options.counsellingNoticesToken],
  ] as const) {
    const [claim, ack] = [`claim${notices}`, `acknowledge${notices}`];
    await probe(claim, "without a token: refused", `POST ${path}/claim`, [401]);
    await probe(claim, "with a participant's token: refused", `POST ${path}/claim`, [401], asOwner);
    await probe(ack, "without a token: refused", `POST ${path}/ack`, [401], { body: { ids: [] } });
    if (token) {
      const service = bearer(token);
      await probe(claim, "with the identity provider's token", `POST ${path}/claim`, [200], { auth: service });
      await probe(ack, "nothing acknowledged", `POST ${path}/ack`, [204], { auth: service, body: { ids: [] } });
      await probe(ack, "ids that are not a list: refused", `POST ${path}/ack`, [400], { auth: service, body: { ids: "all" } });
    }
  }

  return [...reports.values()].map((report) => {
    if (report.cases.some((entry) => !entry.passed)) return { ...report, outcome: "failed" };
    if (report.cases.length > 0) return { ...report, outcome: "passed" };
    return { ...report, notChecked: report.notChecked ?? "no case for it with the tokens given" };
  });
}

/** The report as the command prints it: one line per operation, and each failed case with why. */
export function formatReport(reports: readonly OperationReport[]): string {
  const width = Math.max(...reports.map((report) => report.operationId.length));
  const lines: string[] = [];
  for (const report of reports) {
    const head = `${report.outcome.padEnd(11)} ${report.operationId.padEnd(width)}  ${report.method} ${report.path}`;
    if (report.outcome === "not checked") lines.push(`${head}  (${report.notChecked})`);
    else lines.push(report.notChecked ? `${head}  (partly: ${report.notChecked})` : head);
    for (const entry of report.cases) if (!entry.passed) lines.push(`            - ${entry.what}: ${entry.why}`);
  }
  const count = (outcome: Outcome) => reports.filter((report) => report.outcome === outcome).length;
  lines.push("", `Operations: ${count("passed")} conform, ${count("failed")} do not, ${count("not checked")} not checked.`);
  return lines.join("\n");
}
