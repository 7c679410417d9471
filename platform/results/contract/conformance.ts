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

export interface ConformanceOptions {
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
  /** The identity provider's token for the kit-step log. */
  kitStepsToken?: string;
  /** The identity provider's token for share events. */
  shareNoticesToken?: string;
  /** The identity provider's token for the report-reissue log. */
  reportReissuesToken?: string;
  /** The program's counselling team's token for the queue of counselling requests. */
  counsellingTeamToken?: string;
  /** The identity provider's token for counselling acknowledgements. */
  counsellingNoticesToken?: string;
  /** Change nothing: no download asked for, no share or counselling request created, no barcode tried. */
  readOnly?: boolean;
  /** Each call's limit. */
  timeoutMs?: number;
}

export type Outcome = "passed" | "failed" | "not checked";

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  outcome: Outcome;
  /** Each case tried, passed or not. */
  cases: { what: string; passed: boolean; why?: string }[];
  /** Why nothing was tried (or, for one that passed, which of its cases were not). */
  notChecked?: string;
}

interface Call {
  method: "GET" | "POST";
  path: string;
  /** The Authorization header; none when undefined. */
  authorization?: string;
  body?: unknown;
  /** A raw body (sent as JSON's content type). */
  rawBody?: string;
}

interface Answer {
  status: number;
  headers: Headers;
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
  const timeoutMs = options.timeoutMs ?? 15_000;
  const reports = new Map<string, OperationReport>();
  for (const operation of contract.operations) reports.set(operation.operationId, { ...operation, outcome: "not checked", cases: [] });

  const record = (operationId: string, what: string, why: string | null) => {
    const report = reports.get(operationId);
    if (!report) throw new Error(`${operationId} is not an operation of the document`);
    report.cases.push(why === null ? { what, passed: true } : { what, passed: false, why });
  };
  const skip = (operationId: string, why: string) => {
    const report = reports.get(operationId)!;
    report.notChecked ??= why;
  };

  /**
   * One call of one operation: it must answer one of `expected`, as the document allows; with
   * `schema`, its body must also match that component. Answers the parsed answer, or null.
   */
  async function probe(
    operationId: string,
    what: string,
    call: Call,
    expected: number[],
    extra: { schema?: string; check?: (answer: Answer) => string | null } = {},
  ): Promise<Answer | null> {
    const operation = contract.operations.find((candidate) => candidate.operationId === operationId) as ContractOperation;
    const headers: Record<string, string> = { accept: "application/json" };
    if (call.authorization !== undefined) headers.authorization = call.authorization;
    let body: string | undefined;
    if (call.rawBody !== undefined || call.body !== undefined) {
      headers["content-type"] = "application/json";
      body = call.rawBody ?? JSON.stringify(call.body);
    }
    let response: Response;
    try {
      response = await serviceFetch(base + call.path, {
        method: call.method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
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
    let json: unknown = undefined;
    if (text !== undefined) {
      try {
        json = JSON.parse(text);
      } catch {
        // problemsWith said so when the document promises JSON.
      }
    }
    const answer: Answer = { status: response.status, headers: response.headers, json };
    if (problems.length === 0 && extra.schema)
      problems.push(...contract.schemaProblems(extra.schema, json).map((problem) => `${extra.schema}: ${problem}`));
    if (problems.length === 0 && extra.check) {
      const wrong = extra.check(answer);
      if (wrong) problems.push(wrong);
    }
    record(operationId, what, problems.length ? problems.join("; ") : null);
    return problems.length ? null : answer;
  }

  const own = bearer(options.token);
  const source = encodeURIComponent(options.sourceId);
  const otherUser = encodeURIComponent(`${options.userId}-another-participant`);

  // Health.
  await probe("health", "answers", { method: "GET", path: "/healthz" }, [200]);

  // Results.
  const results = await probe(
    "getResults",
    "the participant's own results, every field",
    { method: "GET", path: `/results/${user}?sourceID=${source}`, authorization: own },
    [200],
    { schema: "ParticipantResults" },
  );
  await probe("getResults", "without a token: refused", { method: "GET", path: `/results/${user}` }, [401]);
  await probe(
    "getResults",
    "with a forged token: refused",
    { method: "GET", path: `/results/${user}`, authorization: bearer(FORGED_TOKEN) },
    [401],
  );
  await probe("getResults", "another participant's: refused", { method: "GET", path: `/results/${otherUser}`, authorization: own }, [403]);
  await probe(
    "getResults",
    "another source: not found",
    { method: "GET", path: `/results/${user}?sourceID=${encodeURIComponent(`${options.sourceId}-not-theirs`)}`, authorization: own },
    [404],
  );
  if (options.resultsLinkToken) {
    await probe(
      "getResults",
      "with a results link: without consents, kit history or e-mail address",
      { method: "GET", path: `/results/${user}`, authorization: bearer(options.resultsLinkToken) },
      [200],
      {
        schema: "ResultsLinkResults",
        check: ({ json }) => {
          const body = json as Record<string, unknown> & { Patient?: Record<string, unknown> };
          const shown = ["consents", "kitEvents", "nextStepExpectedBy", "delayReason"].filter((field) => field in body);
          if (body.Patient && "email" in body.Patient) shown.push("Patient.email");
          return shown.length ? `a results link read ${shown.join(", ")}` : null;
        },
      },
    );
  }

  // Reports: each app's (a few), and one that is not theirs.
  const apps = (
    (results?.json as { apps?: { appID: string; appName: string; type: string | null; variantFound?: boolean }[] } | undefined)?.apps ?? []
  ).slice(0, 6);
  const readyReports: typeof apps = [];
  if (!results) skip("getReport", "the participant's results were not read");
  // A reissued report: its newest version by number, and one it does not have.
  const reissued = ((results?.json as { apps?: { appID: string; reportVersions?: { version: number }[] }[] } | undefined)?.apps ?? []).find(
    (app) => app.reportVersions?.length,
  );
  if (reissued) {
    const path = `/reports/${source}/${encodeURIComponent(reissued.appID)}/${user}`;
    await probe(
      "getReport",
      "a reissued report's newest version by number",
      {
        method: "GET",
        path: `${path}?version=${reissued.reportVersions![0]!.version}`,
        authorization: own,
      },
      [200],
    );
    await probe(
      "getReport",
      "a version the report does not have: not found",
      {
        method: "GET",
        path: `${path}?version=999999`,
        authorization: own,
      },
      [404],
    );
  }
  for (const app of apps) {
    const answer = await probe(
      "getReport",
      `the report of ${app.appID}`,
      { method: "GET", path: `/reports/${source}/${encodeURIComponent(app.appID)}/${user}?lang=en`, authorization: own },
      // Raw genetic data (the exome download) needs a fresh proof the check cannot have: 428.
      app.appName === "exome-download" ? [428, 409] : [200, 409],
    );
    if (answer?.status === 200) readyReports.push(app);
  }
  if (results) {
    await probe(
      "getReport",
      "an app that is not theirs: not found",
      { method: "GET", path: `/reports/${source}/conformance-no-such-app/${user}`, authorization: own },
      [404],
    );
    await probe(
      "getReport",
      "without a token: refused",
      { method: "GET", path: `/reports/${source}/conformance-no-such-app/${user}` },
      [401],
    );
  }

  // Reports as pages: the content of each ready report, in Spanish when asked, and what has none.
  if (!results) skip("getReportContent", "the participant's results were not read");
  for (const app of apps) {
    const dataFile = app.appName === "exome-download";
    await probe(
      "getReportContent",
      `the content of ${app.appID}'s report, in Spanish`,
      { method: "GET", path: `/reports/${source}/${encodeURIComponent(app.appID)}/${user}/content?lang=es`, authorization: own },
      // The exome is a data file, no report to read.
      dataFile ? [404, 409] : [200, 409],
      dataFile
        ? undefined
        : {
            check: ({ status, json }) => {
              const report = (json as { report?: { sections?: unknown[] } }).report;
              return status !== 200 || report?.sections?.length ? null : "a report without sections";
            },
          },
    );
  }
  // A reissued report's page: its earliest version, saying which it is and the newest; one it does not have.
  if (reissued) {
    const path = `/reports/${source}/${encodeURIComponent(reissued.appID)}/${user}/content`;
    const versions = reissued.reportVersions!;
    const earliest = versions[versions.length - 1]!.version;
    await probe(
      "getReportContent",
      "a reissued report's earliest version: that version, and the newest's number",
      { method: "GET", path: `${path}?lang=en&version=${earliest}`, authorization: own },
      [200],
      {
        check: ({ json }) => {
          const body = json as { version?: { version?: number }; newestVersion?: number };
          if (body.version?.version !== earliest) return `version ${String(body.version?.version)} instead of ${earliest}`;
          return body.newestVersion === versions[0]!.version ? null : `newestVersion ${String(body.newestVersion)}`;
        },
      },
    );
    await probe(
      "getReportContent",
      "a version the report does not have: not found",
      { method: "GET", path: `${path}?version=999999`, authorization: own },
      [404],
    );
  }
  if (results) {
    await probe(
      "getReportContent",
      "an app that is not theirs: not found",
      { method: "GET", path: `/reports/${source}/conformance-no-such-app/${user}/content`, authorization: own },
      [404],
    );
    await probe(
      "getReportContent",
      "without a token: refused",
      { method: "GET", path: `/reports/${source}/conformance-no-such-app/${user}/content` },
      [401],
    );
  }

  // Downloads of all the participant's data.
  const listed = await probe(
    "listExports",
    "the participant's downloads",
    { method: "GET", path: `/exports/${user}`, authorization: own },
    [200],
  );
  await probe("listExports", "without a token: refused", { method: "GET", path: `/exports/${user}` }, [401]);
  if (options.resultsLinkToken)
    await probe(
      "listExports",
      "with a results link: refused",
      { method: "GET", path: `/exports/${user}`, authorization: bearer(options.resultsLinkToken) },
      [403],
    );
  await probe(
    "requestExport",
    "an unknown language: refused",
    { method: "POST", path: `/exports/${user}`, authorization: own, body: { language: "xx" } },
    [400],
  );
  if (options.readOnly) skip("requestExport", "read-only: no download asked for");
  else
    await probe(
      "requestExport",
      "asked for (or refused for today, saying when to ask again)",
      { method: "POST", path: `/exports/${user}`, authorization: own, body: { language: "en" } },
      [202, 429],
    );
  await probe(
    "downloadExport",
    "an unknown download: not found",
    { method: "GET", path: `/exports/${user}/${randomUUID()}/file`, authorization: own },
    [404],
  );
  const now = Date.now();
  const ready = (
    (listed?.json as { exports?: { id: string; status: string; expiresAt: string | null }[] } | undefined)?.exports ?? []
  ).find((job) => job.status === "ready" && (job.expiresAt === null || Date.parse(job.expiresAt) > now + 60_000));
  if (ready)
    await probe(
      "downloadExport",
      "a ready download without a fresh verification: refused (it holds raw genetic data)",
      { method: "GET", path: `/exports/${user}/${encodeURIComponent(ready.id)}/file`, authorization: own },
      [428],
    );

  // Withdrawal requests (none is recorded: the step-up proof is the identity provider's, and a made-up one is refused).
  await probe("listWithdrawals", "the participant's requests", { method: "GET", path: `/withdrawals/${user}`, authorization: own }, [200]);
  await probe("listWithdrawals", "without a token: refused", { method: "GET", path: `/withdrawals/${user}` }, [401]);
  await probe(
    "requestWithdrawal",
    "without a choice: refused",
    { method: "POST", path: `/withdrawals/${user}`, authorization: own, body: {} },
    [400],
  );
  await probe(
    "requestWithdrawal",
    "without a real verification: refused, nothing recorded",
    {
      method: "POST",
      path: `/withdrawals/${user}`,
      authorization: own,
      body: { choice: "stop-research", requestKey: `conformance-${randomUUID()}`, verification: FORGED_TOKEN },
    },
    [403],
  );

  // Shares: listed, refused when malformed, and (unless read-only) one created, opened, read and revoked.
  await probe("listShares", "the participant's shares", { method: "GET", path: `/shares/${user}`, authorization: own }, [200]);
  await probe("listShares", "without a token: refused", { method: "GET", path: `/shares/${user}` }, [401]);
  await probe(
    "createShare",
    "without an app: refused",
    { method: "POST", path: `/shares/${user}`, authorization: own, body: { appId: "", recipient: "x", days: 1 } },
    [400],
  );
  await probe("openShare", "without a code: refused", { method: "POST", path: "/shared/open", body: { dateOfBirth: "1900-01-01" } }, [400]);
  const unknownAccess = `Share ${randomBytes(32).toString("base64url")}`;
  await probe(
    "getSharedReport",
    "an unknown access: refused",
    { method: "GET", path: "/shared/report", authorization: unknownAccess },
    [401],
  );
  await probe(
    "getSharedReportPdf",
    "an unknown access: refused",
    { method: "GET", path: "/shared/report.pdf", authorization: unknownAccess },
    [401],
  );
  await probe("closeSharedReport", "without an access: refused", { method: "POST", path: "/shared/close" }, [401]);
  await probe(
    "revokeShare",
    "an unknown share: not found",
    { method: "POST", path: `/shares/${user}/${randomUUID()}/revoke`, authorization: own },
    [404],
  );
  const shareable = readyReports.find((app) => app.type !== "download" && app.appName !== "exome-download");
  if (options.readOnly) skip("createShare", "read-only: no share created");
  else if (!shareable) skip("createShare", "the participant has no ready report to share");
  else {
    const requestKey = randomUUID();
    const body = { appId: shareable.appID, recipient: "Conformance check", days: 1, language: "en", requestKey };
    const created = await probe(
      "createShare",
      "a share of a ready report",
      { method: "POST", path: `/shares/${user}`, authorization: own, body },
      [201],
      {
        schema: "CreatedShare",
      },
    );
    const share = created?.json as { share: { id: string }; code: string } | undefined;
    if (share) {
      await probe(
        "createShare",
        "the same request again: the same share and code",
        { method: "POST", path: `/shares/${user}`, authorization: own, body },
        [200],
        {
          check: ({ json }) => {
            const again = json as { share: { id: string }; code: string };
            return again.share.id === share.share.id && again.code === share.code ? null : "another share or code than the first answer";
          },
        },
      );
      await probe(
        "openShare",
        "the code with a wrong date of birth: not found",
        { method: "POST", path: "/shared/open", body: { code: share.code, dateOfBirth: "1900-01-01", device: "conformance check" } },
        [404],
      );
      let access: string | undefined;
      if (options.dateOfBirth) {
        const opened = await probe(
          "openShare",
          "the code with the participant's date of birth: opened",
          {
            method: "POST",
            path: "/shared/open",
            body: { code: share.code, dateOfBirth: options.dateOfBirth, device: "conformance check" },
          },
          [200],
        );
        access = (opened?.json as { access?: string } | undefined)?.access;
      } else {
        skip("getSharedReport", "no date of birth given to open a share");
        skip("getSharedReportPdf", "no date of birth given to open a share");
      }
      if (access) {
        await probe(
          "getSharedReport",
          "the shared report",
          { method: "GET", path: "/shared/report?lang=en", authorization: `Share ${access}` },
          [200],
        );
        await probe(
          "getSharedReportPdf",
          "the shared report as a PDF",
          { method: "GET", path: "/shared/report.pdf?lang=en", authorization: `Share ${access}` },
          [200],
        );
        await probe(
          "closeSharedReport",
          "'Close this report'",
          { method: "POST", path: "/shared/close", authorization: `Share ${access}` },
          [204],
        );
        await probe(
          "getSharedReport",
          "after 'Close this report': refused",
          { method: "GET", path: "/shared/report", authorization: `Share ${access}` },
          [401],
        );
      }
      await probe(
        "revokeShare",
        "the share revoked",
        { method: "POST", path: `/shares/${user}/${encodeURIComponent(share.share.id)}/revoke`, authorization: own },
        [200],
        {
          check: ({ json }) => ((json as { share: { state: string } }).share.state === "revoked" ? null : "the share is not revoked"),
        },
      );
      if (access)
        await probe(
          "getSharedReport",
          "after the revocation: refused",
          { method: "GET", path: "/shared/report", authorization: `Share ${access}` },
          [401],
        );
    }
  }

  // Family letters: listed, refused when malformed, and (unless read-only) one made for an FH report, read, opened and ended.
  await probe(
    "listFamilyLetters",
    "the participant's letters",
    { method: "GET", path: `/family-letters/${user}`, authorization: own },
    [200],
  );
  await probe("listFamilyLetters", "without a token: refused", { method: "GET", path: `/family-letters/${user}` }, [401]);
  await probe(
    "createFamilyLetter",
    "without an app: refused",
    { method: "POST", path: `/family-letters/${user}`, authorization: own, body: { appId: "" } },
    [400],
  );
  await probe("openFamilyLetter", "without a code: refused", { method: "POST", path: "/family-letter/open", body: {} }, [400]);
  await probe(
    "openFamilyLetter",
    "an unknown code: not found",
    { method: "POST", path: "/family-letter/open", body: { code: "ZZZZZ-ZZZZZ" } },
    [404, 429],
  );
  const unknownLetter = encodeURIComponent(randomUUID());
  await probe(
    "endFamilyLetter",
    "an unknown letter: not found",
    { method: "POST", path: `/family-letters/${user}/${unknownLetter}/end`, authorization: own },
    [404],
  );
  await probe(
    "readFamilyLetter",
    "an unknown letter: not found",
    { method: "GET", path: `/family-letters/${user}/${unknownLetter}/letter`, authorization: own },
    [404],
  );
  await probe(
    "familyLetterPdf",
    "an unknown letter: not found",
    { method: "GET", path: `/family-letters/${user}/${unknownLetter}/letter.pdf`, authorization: own },
    [404],
  );
  // A family letter goes with an FH report that found a variant; one that found none is refused.
  const fhReport = readyReports.find((app) => app.appName === "fh-health" && app.variantFound === true);
  const negativeFhReport = readyReports.find((app) => app.appName === "fh-health" && app.variantFound === false);
  if (!options.readOnly && negativeFhReport) {
    await probe(
      "createFamilyLetter",
      "an FH report that found no variant: no letter",
      { method: "POST", path: `/family-letters/${user}`, authorization: own, body: { appId: negativeFhReport.appID } },
      [409],
    );
  }
  if (options.readOnly) skip("createFamilyLetter", "read-only: no family letter made");
  else if (!fhReport) skip("createFamilyLetter", "the participant has no ready FH report that found a variant");
  else {
    const made = await probe(
      "createFamilyLetter",
      "the letter of a ready FH report",
      { method: "POST", path: `/family-letters/${user}`, authorization: own, body: { appId: fhReport.appID } },
      [200, 201],
      { schema: "FamilyLetterAnswer" },
    );
    const letter = (made?.json as { letter: { id: string; code: string } } | undefined)?.letter;
    if (letter) {
      const at = `/family-letters/${user}/${encodeURIComponent(letter.id)}`;
      await probe("readFamilyLetter", "the letter in Spanish", { method: "GET", path: `${at}/letter?lang=es`, authorization: own }, [200]);
      await probe("familyLetterPdf", "the letter as a PDF", { method: "GET", path: `${at}/letter.pdf?lang=en`, authorization: own }, [200]);
      await probe(
        "openFamilyLetter",
        "the relative code opens the letter",
        { method: "POST", path: "/family-letter/open", body: { code: letter.code, language: "en" } },
        [200],
      );
      await probe("endFamilyLetter", "the letter ended", { method: "POST", path: `${at}/end`, authorization: own }, [200], {
        check: ({ json }) => ((json as { letter: { state: string } }).letter.state === "ended" ? null : "the letter is not ended"),
      });
      await probe(
        "openFamilyLetter",
        "the ended code: gone",
        { method: "POST", path: "/family-letter/open", body: { code: letter.code, language: "en" } },
        [410],
      );
    }
  }

  // What only the identity provider reads: a participant's token opens none of it.
  await probe("claimShareNotices", "without a token: refused", { method: "POST", path: "/share-notices/claim" }, [401]);
  await probe(
    "claimShareNotices",
    "with a participant's token: refused",
    { method: "POST", path: "/share-notices/claim", authorization: own },
    [401],
  );
  await probe(
    "acknowledgeShareNotices",
    "without a token: refused",
    { method: "POST", path: "/share-notices/ack", body: { ids: [] } },
    [401],
  );
  if (options.shareNoticesToken) {
    const service = bearer(options.shareNoticesToken);
    // Claimed events are held a minute and never acknowledged here, so the identity service e-mails them after.
    await probe(
      "claimShareNotices",
      "with the identity provider's token",
      { method: "POST", path: "/share-notices/claim", authorization: service },
      [200],
    );
    await probe(
      "acknowledgeShareNotices",
      "nothing acknowledged",
      { method: "POST", path: "/share-notices/ack", authorization: service, body: { ids: [] } },
      [204],
    );
    await probe(
      "acknowledgeShareNotices",
      "ids that are not a list: refused",
      { method: "POST", path: "/share-notices/ack", authorization: service, body: { ids: "all" } },
      [400],
    );
  }
  // Kits: listed, and a registration refused for a mistyped barcode (nothing counted) and, unless
  // read-only, for a well-formed barcode of no kit (one miss of the participant's budget).
  await probe("listKits", "the participant's kits", { method: "GET", path: `/kits/${user}`, authorization: own }, [200]);
  await probe("listKits", "without a token: refused", { method: "GET", path: `/kits/${user}` }, [401]);
  const eleven = String(randomBytes(5).readUIntBE(0, 5) % 100_000_000_000).padStart(11, "0");
  const wrongCheck = eleven + String((Number(kitCheckDigit(eleven)) + 1) % 10);
  const collectedOn = new Date().toISOString().slice(0, 10);
  await probe(
    "registerKit",
    "a barcode whose check digit is wrong: refused",
    { method: "POST", path: `/kits/${user}`, authorization: own, body: { barcode: wrongCheck, collectedOn, sampleOf: "self" } },
    [400],
  );
  await probe(
    "registerKit",
    "without a token: refused",
    { method: "POST", path: `/kits/${user}`, body: { barcode: kitBarcodeFrom(eleven), collectedOn, sampleOf: "self" } },
    [401],
  );
  if (options.readOnly) skip("registerKit", "read-only: no barcode of no kit tried");
  else
    await probe(
      "registerKit",
      "a barcode of no kit: not found (or 429 once the participant's budget is spent)",
      {
        method: "POST",
        path: `/kits/${user}`,
        authorization: own,
        body: { barcode: kitBarcodeFrom(eleven), collectedOn, sampleOf: "self" },
      },
      [404, 429],
    );
  await probe("listKitStepChanges", "without a token: refused", { method: "GET", path: "/kit-step-changes" }, [401]);
  await probe(
    "listKitStepChanges",
    "with a participant's token: refused",
    { method: "GET", path: "/kit-step-changes", authorization: own },
    [401],
  );
  if (options.kitStepsToken) {
    const reader = bearer(options.kitStepsToken);
    await probe(
      "listKitStepChanges",
      "the log's start",
      { method: "GET", path: "/kit-step-changes?after=0&limit=5", authorization: reader },
      [200],
    );
    await probe(
      "listKitStepChanges",
      "a limit of 0: refused",
      { method: "GET", path: "/kit-step-changes?limit=0", authorization: reader },
      [400],
    );
  }

  await probe("listReportReissues", "without a token: refused", { method: "GET", path: "/report-reissues" }, [401]);
  await probe(
    "listReportReissues",
    "with a participant's token: refused",
    { method: "GET", path: "/report-reissues", authorization: own },
    [401],
  );
  if (options.reportReissuesToken) {
    const reader = bearer(options.reportReissuesToken);
    await probe(
      "listReportReissues",
      "the log's start",
      { method: "GET", path: "/report-reissues?after=0&limit=5", authorization: reader },
      [200],
    );
    await probe(
      "listReportReissues",
      "a limit of 0: refused",
      { method: "GET", path: "/report-reissues?limit=0", authorization: reader },
      [400],
    );
  }

  // Counselling requests: the participant's own; the team's queue; the identity provider's acknowledgements.
  await probe(
    "listCounsellingRequests",
    "the participant's requests",
    { method: "GET", path: `/counselling/${user}`, authorization: own },
    [200],
  );
  await probe("listCounsellingRequests", "without a token: refused", { method: "GET", path: `/counselling/${user}` }, [401]);
  await probe(
    "createCounsellingRequest",
    "without a time window: refused",
    {
      method: "POST",
      path: `/counselling/${user}`,
      authorization: own,
      body: { appId: "x", contact: "video", language: "en", timeZone: "UTC", windows: [] },
    },
    [400],
  );
  await probe(
    "cancelCounsellingRequest",
    "an unknown request: not found",
    { method: "POST", path: `/counselling/${user}/${randomUUID()}/cancel`, authorization: own },
    [404],
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
    const created = await probe(
      "createCounsellingRequest",
      "a request about a ready report",
      { method: "POST", path: `/counselling/${user}`, authorization: own, body },
      [201],
    );
    const request = (created?.json as { request?: { id: string } } | undefined)?.request;
    if (request) {
      await probe(
        "createCounsellingRequest",
        "a second open request about the same report: refused with the open one",
        { method: "POST", path: `/counselling/${user}`, authorization: own, body },
        [409],
        {
          check: ({ json }) =>
            (json as { openRequest?: { id: string } }).openRequest?.id === request.id ? null : "the answer does not name the open request",
        },
      );
      await probe(
        "cancelCounsellingRequest",
        "the request cancelled",
        { method: "POST", path: `/counselling/${user}/${encodeURIComponent(request.id)}/cancel`, authorization: own },
        [200],
        {
          check: ({ json }) =>
            (json as { request: { state: string } }).request.state === "cancelled" ? null : "the request is not cancelled",
        },
      );
    }
  }
  await probe("readCounsellingQueue", "without a token: refused", { method: "GET", path: "/counselling-queue" }, [401]);
  await probe(
    "readCounsellingQueue",
    "with a participant's token: refused",
    { method: "GET", path: "/counselling-queue", authorization: own },
    [401],
  );
  await probe(
    "moveCounsellingRequest",
    "with a participant's token: refused",
    { method: "POST", path: `/counselling-queue/${randomUUID()}`, authorization: own, body: { state: "done" } },
    [401],
  );
  if (options.counsellingTeamToken) {
    const team = bearer(options.counsellingTeamToken);
    await probe(
      "readCounsellingQueue",
      "the open requests",
      { method: "GET", path: "/counselling-queue?limit=5", authorization: team },
      [200],
    );
    await probe(
      "readCounsellingQueue",
      "an unknown state: refused",
      { method: "GET", path: "/counselling-queue?state=lost", authorization: team },
      [400],
    );
    await probe(
      "moveCounsellingRequest",
      "an unknown request: not found",
      { method: "POST", path: `/counselling-queue/${randomUUID()}`, authorization: team, body: { state: "done" } },
      [404],
    );
    await probe(
      "moveCounsellingRequest",
      "scheduled without its time: refused",
      { method: "POST", path: `/counselling-queue/${randomUUID()}`, authorization: team, body: { state: "scheduled" } },
      [400],
    );
  }
  await probe(
    "claimCounsellingNotices",
    "with a participant's token: refused",
    { method: "POST", path: "/counselling-notices/claim", authorization: own },
    [401],
  );
  await probe(
    "acknowledgeCounsellingNotices",
    "without a token: refused",
    { method: "POST", path: "/counselling-notices/ack", body: { ids: [] } },
    [401],
  );
  if (options.counsellingNoticesToken) {
    const service = bearer(options.counsellingNoticesToken);
    // Claimed requests are held a minute and never acknowledged here, so the identity service e-mails them after.
    await probe(
      "claimCounsellingNotices",
      "with the identity provider's token",
      { method: "POST", path: "/counselling-notices/claim", authorization: service },
      [200],
    );
    await probe(
      "acknowledgeCounsellingNotices",
      "nothing acknowledged",
      { method: "POST", path: "/counselling-notices/ack", authorization: service, body: { ids: [] } },
      [204],
    );
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
