import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { setTimeout as wait } from "node:timers/promises";
import { Router, type Request, type RequestHandler } from "express";
import { reportIsReady } from "../../lib/program/report-readiness.ts";
import type { ResultsConfig } from "./config.ts";
import { createCounsellingRoutes, type CounsellingRouteDeps } from "./counselling/counselling-routes.ts";
import { devParticipantRoute } from "./dev-participants.ts";
import type { DocumentLinkSigner } from "./document-links.ts";
import { exomeFileName, exomeVcfDocument } from "./documents.ts";
import { createExportRoutes, type ExportRouteDeps } from "./exports/export-routes.ts";
import { createFamilyLetterRoutes, type FamilyLetterRouteDeps } from "./family/letter-routes.ts";
import { createFaultStore, FaultRequestSchema } from "./faults.ts";
import { allow, checkTarget, issuesText, queryOf, readJsonBody, sendJson, sendNoContent, type Handler } from "./http-kit.ts";
import { createKitStepRoutes } from "./kit-steps.ts";
import { createKitRoutes, type KitRouteDeps } from "./kits/kit-routes.ts";
import { renderLinkProblemPage, type LinkProblem } from "./link-problem-page.ts";
import type { RawDataGate } from "./raw-data.ts";
import { checkReadiness } from "./readiness.ts";
import { isDownloadApp, reportLanguage, type ReportLanguage } from "./report-content.ts";
import { renderReportPdf, reportFileName, sendPdf } from "./report-pdf.ts";
import {
  createReportVersionRoutes,
  reportVersionsOf,
  requestedVersion,
  versionedReportContent,
  versionsOfReport,
} from "./report-versions.ts";
import type { PatientRecord, ResultsRepository } from "./repository.ts";
import { createShareRoutes, type ShareRouteDeps } from "./shares/share-routes.ts";
import { bearerToken, RequestError, verifiedCaller, type RouteBasics } from "./token-verifier.ts";
import { createWithdrawalRoutes } from "./withdrawals.ts";

/** The basics (database, clock, token check) are what the withdrawal, kit-step and report-version routes need. */
interface RouteDependencies extends RouteBasics {
  repository: ResultsRepository;
  signer: DocumentLinkSigner;
  config: ResultsConfig;
  /** True once the service is stopping: /readyz answers 503 so balancers send new requests elsewhere. */
  isDraining: () => boolean;
  exports: ExportRouteDeps;
  shares: ShareRouteDeps;
  kits: KitRouteDeps;
  counselling: CounsellingRouteDeps;
  /** Raw genetic data: a fresh proof for the purpose `download`, once; single-use links. */
  rawData: RawDataGate;
  familyLetters: FamilyLetterRouteDeps;
}

const NOT_FOUND = "Not found";
type ReportParams = "sourceId" | "appId" | "userId";

export function createRouter(deps: RouteDependencies) {
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);
  const faults = createFaultStore(deps.db);
  /** Token check, own-data rule, then any injected development fault, in that order. */
  async function authorizeFor(req: IncomingMessage, userId: string) {
    const caller = verifiedCaller(await deps.verifyToken(bearerToken(req.headers.authorization), "participant"));
    if (caller.userId !== userId) throw new RequestError(403, "This token does not allow reading another participant's results");
    const fault = await faults.take(userId);
    if (fault) {
      if (fault.delayMs > 0) await wait(fault.delayMs);
      if (fault.status !== null) throw new RequestError(fault.status, "Simulated failure (development fault injection)");
    }
    return caller;
  }

  const exportRoutes = createExportRoutes(deps.exports);
  const withdrawalRoutes = createWithdrawalRoutes(deps);
  const shareRoutes = createShareRoutes(deps.shares);
  const kitStepRoutes = createKitStepRoutes(deps);
  const familyLetterRoutes = createFamilyLetterRoutes(deps.familyLetters);
  const reportVersionRoutes = createReportVersionRoutes(deps);
  const kitRoutes = createKitRoutes(deps.kits);
  const counsellingRoutes = createCounsellingRoutes(deps.counselling);

  async function patientFromSource(userId: string, sourceId: string | null): Promise<PatientRecord> {
    const patient = await deps.repository.findPatient(userId);
    if (!patient) throw new RequestError(404, "No results were found for this participant");
    if (sourceId !== null && sourceId !== patient.sourceId)
      throw new RequestError(404, "No results were found for this participant and source");
    return patient;
  }

  /**
   * A participant's own access token reads everything; a results link (token_type ACCESS, the reduced
   * view that shows the result cards) reads no consent history, kit history or e-mail address.
   */
  const results: Handler<"userId"> = async (req, res) => {
    const { userId } = req.params;
    const caller = await authorizeFor(req, userId);
    const patient = await patientFromSource(userId, queryOf(req).get("sourceID") || null);
    const resultsLink = caller.tokenType === "ACCESS";
    const [apps, consents, versions, kits] = await Promise.all([
      deps.repository.listApps(userId),
      resultsLink ? null : deps.repository.listConsents(userId),
      reportVersionsOf(deps.db, userId),
      resultsLink ? null : deps.kits.store.list(userId),
    ]);
    const name = { firstName: patient.firstName, middleName: patient.middleName, lastName: patient.lastName };
    const today = deps.now();
    const common = {
      kitStatus: patient.kitStatus,
      // A data file's size goes with it, so the portal can name it on the download button.
      apps: apps.map((record) => {
        const { documentBytes: _keptHere, fhFinding: _inTheReport, ...app } = record;
        if (isDownloadApp(record)) return { ...app, fileBytes: exomeVcfDocument(patient, record, today).bytes };
        const ready = reportIsReady(record, patient.kitStatus);
        // A ready FH report says whether it found a variant (the family letter goes with one), never which.
        const finding = ready && record.appName === "fh-health" ? { variantFound: record.fhFinding !== null } : {};
        // A reissued report lists its versions, newest first; one never reissued lists none.
        const reportVersions = ready ? versions.get(record.appID) : undefined;
        return reportVersions?.length ? { ...app, ...finding, reportVersions } : { ...app, ...finding };
      }),
      heapIdentifier: patient.heapIdentifier,
      isHealthOrResearch: patient.isHealthOrResearch,
      agreements: patient.agreements,
    };
    if (resultsLink) return sendJson(res, 200, { ...common, Patient: name });
    sendJson(res, 200, {
      ...common,
      kitEvents: patient.kitEvents,
      nextStepExpectedBy: patient.nextStepExpectedBy,
      delayReason: patient.delayReason,
      consents,
      kits,
      Patient: { ...name, email: patient.email },
    });
  };

  async function readyReport(req: Request<Record<ReportParams, string>>) {
    const { sourceId, appId, userId } = req.params;
    const caller = await authorizeFor(req, userId);
    const patient = await patientFromSource(userId, sourceId);
    const app = await deps.repository.findApp(userId, appId);
    if (!app) throw new RequestError(404, "No report was found for this app");
    if (!reportIsReady(app, patient.kitStatus)) throw new RequestError(409, "The results for this report are not ready yet");
    return { caller, patient, app };
  }

  const report: Handler<ReportParams> = async (req, res) => {
    const { caller, app } = await readyReport(req);
    const { userId, appId } = req.params;
    const query = queryOf(req);
    const language = reportLanguage(query.get("lang"));
    // An earlier version of a reissued report, when one is asked for.
    const version = requestedVersion(query.get("version"));
    if (version !== undefined && !(await versionsOfReport(deps.db, userId, appId)).some((each) => each.version === version))
      throw new RequestError(404, "No such version of this report");
    // Raw genetic data: never to a results link; to the participant with a fresh proof, by a link that opens once.
    let once: string | undefined;
    if (isDownloadApp(app)) {
      if (caller.tokenType === "ACCESS") throw new RequestError(403, "A results link does not open raw genetic data");
      await deps.rawData.takeProof(req, userId);
      once = randomUUID();
    }
    sendJson(res, 200, {
      providerReportUrl: deps.config.publicUrl + deps.signer.pathFor(userId, appId, nowSeconds(), language, once, version),
    });
  };

  /**
   * One app's report as the content its PDF is drawn from (sections of paragraphs and label–value
   * rows), for the portal to show as a page. A data file (the exome) is no report to read.
   */
  const reportContent: Handler<ReportParams> = async (req, res) => {
    const { patient, app } = await readyReport(req);
    if (isDownloadApp(app)) throw new RequestError(404, "This app's result is a data file, not a report to read");
    const query = queryOf(req);
    const language = reportLanguage(query.get("lang"));
    const shown = await versionedReportContent(deps, patient, app, language, requestedVersion(query.get("version")));
    if (!shown) throw new RequestError(404, "No such version of this report");
    const { content, version, newestVersion } = shown;
    sendJson(res, 200, { report: content, ...(version ? { version, newestVersion } : {}) });
  };

  /** Report documents are opened by the browser itself: HSTS as the portal's pages have it (ignored over plain HTTP). */
  const documentHeaders = {
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "strict-transport-security": "max-age=31536000; includeSubDomains",
  };

  function linkProblem(res: ServerResponse, status: number, problem: LinkProblem, language: ReportLanguage) {
    const nonce = randomBytes(16).toString("base64");
    const body = renderLinkProblemPage(problem, language, deps.config.portalUrl, nonce);
    res.writeHead(status, {
      ...documentHeaders,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  }

  const document: Handler<"userId" | "appId"> = async (req, res) => {
    const { userId, appId } = req.params;
    const query = queryOf(req);
    const language = reportLanguage(query.get("lang"));
    const signedLanguage = query.get("lang") ?? "en";
    const versionParam = query.get("version");
    const version = versionParam !== null && /^[1-9]\d{0,5}$/.test(versionParam) ? Number(versionParam) : undefined;
    if (versionParam !== null && version === undefined) return linkProblem(res, 403, "invalid", language);
    const check = deps.signer.verify(
      userId,
      appId,
      signedLanguage,
      query.get("expires"),
      query.get("signature"),
      nowSeconds(),
      query.get("once"),
      version,
    );
    if (check === "invalid") return linkProblem(res, 403, "invalid", language);
    if (check === "expired") return linkProblem(res, 410, "expired", language);
    const patient = await deps.repository.findPatient(userId);
    const app = patient ? await deps.repository.findApp(userId, appId) : null;
    if (!patient || !app || !reportIsReady(app, patient.kitStatus)) return linkProblem(res, 404, "missing", language);

    if (isDownloadApp(app)) {
      // Only a single-use link opens raw data, and only once.
      const once = query.get("once");
      if (!once) return linkProblem(res, 403, "invalid", language);
      if (!(await deps.rawData.spendLink(once))) return linkProblem(res, 410, "used", language);
      const vcf = exomeVcfDocument(patient, app, deps.now());
      res.writeHead(200, {
        ...documentHeaders,
        "content-type": "text/vcf; charset=utf-8",
        "content-disposition": `attachment; filename="${exomeFileName(userId)}"`,
        "content-length": vcf.bytes,
      });
      await pipeline(vcf.stream(), res);
      return;
    }
    // A reissued report is dated by its version (the newest unless the link names another); any other, today.
    const shown = await versionedReportContent(deps, patient, app, language, version);
    if (!shown) return linkProblem(res, 404, "missing", language);
    const { content, issuedAt } = shown;
    const body = await renderReportPdf(content);
    sendPdf(res, body, reportFileName(app.appName, issuedAt), {
      ...documentHeaders,
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    });
  };

  const devOnly: RequestHandler = (_req, _res, next) =>
    next(deps.config.environment === "development" ? undefined : new RequestError(404, NOT_FOUND));
  /**
   * The participant themselves with their full token (a results link opens results only); `owner`: one
   * this service has a record of (downloads of everything, withdrawals...). The route's handler follows.
   */
  const signedInAs =
    (role: "owner" | "signed in"): RequestHandler =>
    async (req, _res, next) => {
      const userId = String(req.params.userId);
      if ((await authorizeFor(req, userId)).tokenType === "ACCESS") throw new RequestError(403, "A results link opens results only");
      if (role === "owner") await patientFromSource(userId, null);
      next();
    };
  const owner = signedInAs("owner");
  const signedIn = signedInAs("signed in");

  const router = Router({ caseSensitive: true });
  router.use(checkTarget);
  router
    .route("/dev/faults")
    .all(devOnly)
    .get(async (_req, res) => sendJson(res, 200, { faults: await faults.list() }))
    .post(async (req, res) => {
      const parsed = FaultRequestSchema.safeParse(await readJsonBody(req));
      if (!parsed.success) throw new RequestError(400, `Invalid fault: ${issuesText(parsed.error, "body")}`);
      sendJson(res, 200, { fault: await faults.set(parsed.data) });
    })
    // Clears the rule of `?userID=`; without it, every rule.
    .delete(async (req, res) => {
      const userId = FaultRequestSchema.shape.userID.safeParse(queryOf(req).get("userID") ?? undefined);
      if (!userId.success) throw new RequestError(400, "Invalid userID");
      await faults.clear(userId.data);
      sendNoContent(res);
    })
    .all(allow("GET, POST, DELETE"));
  router.route("/dev/participants").all(devOnly).post(devParticipantRoute(deps.db)).all(allow("POST"));
  router.route("/dev/kits/:userId/step").all(devOnly).post(kitStepRoutes.move).all(allow("POST"));
  router.route("/dev/kits").all(devOnly).post(kitRoutes.issue).all(allow("POST"));
  router.route("/kits/:userId").all(signedIn).get(kitRoutes.list).post(kitRoutes.register).all(allow("GET, POST"));
  router.get("/kit-step-changes", kitStepRoutes.feed);
  router.route("/dev/reports/:userId/:appId/reissue").all(devOnly).post(reportVersionRoutes.reissue).all(allow("POST"));
  router.get("/report-reissues", reportVersionRoutes.feed);
  // The participant's own requests, with their own (full) token.
  router.all("/family-letters/:userId/:letterId/:what", owner);
  router.route("/exports/:userId").all(owner).get(exportRoutes.list).post(exportRoutes.request).all(allow("GET, POST"));
  router.route("/withdrawals/:userId").all(owner).get(withdrawalRoutes.list).post(withdrawalRoutes.record).all(allow("GET, POST"));
  router.route("/shares/:userId").all(owner).get(shareRoutes.list).post(shareRoutes.create).all(allow("GET, POST"));
  router.route("/shares/:userId/:shareId/revoke").all(owner).post(shareRoutes.revoke).all(allow("POST"));
  router.route("/shared/open").post(shareRoutes.open).all(allow("POST"));
  router.route("/shared/close").post(shareRoutes.close).all(allow("POST"));
  router.route("/shared/report").get(shareRoutes.report).all(allow("GET"));
  router.route("/shared/report.pdf").get(shareRoutes.reportPdf).all(allow("GET"));
  router.route("/share-notices/:what").post(shareRoutes.notices).all(allow("POST"));
  router.route("/family-letters/:userId").all(owner).get(familyLetterRoutes.list).post(familyLetterRoutes.create).all(allow("GET, POST"));
  router.route("/family-letters/:userId/:letterId/end").post(familyLetterRoutes.end).all(allow("POST"));
  router.route("/family-letters/:userId/:letterId/letter").get(familyLetterRoutes.letter).all(allow("GET"));
  router.route("/family-letters/:userId/:letterId/letter.pdf").get(familyLetterRoutes.pdf).all(allow("GET"));
  router.route("/family-letter/open").post(familyLetterRoutes.open).all(allow("POST"));
  // Counselling requests: the participant's own; the program's team reads and moves the queue.
  router.route("/counselling/:userId").all(owner).get(counsellingRoutes.list).post(counsellingRoutes.create).all(allow("GET, POST"));
  router.route("/counselling/:userId/:requestId/cancel").all(owner).post(counsellingRoutes.cancel).all(allow("POST"));
  router.route("/counselling-queue").all(counsellingRoutes.team).get(counsellingRoutes.queue).all(allow("GET"));
  router.route("/counselling-queue/:requestId").all(counsellingRoutes.team).post(counsellingRoutes.move).all(allow("POST"));
  router.route("/counselling-notices/:what").post(counsellingRoutes.notices).all(allow("POST"));
  // Everything else only reads.
  router.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? next() : allow("GET")(req, res, next)));
  router.get("/healthz", (_req, res) => sendJson(res, 200, { status: "ok" }));
  router.get("/readyz", async (_req, res) => {
    const { ready, ...readiness } = await checkReadiness(deps.db, deps.config.jwksUrl, deps.isDraining());
    sendJson(res, ready ? 200 : 503, { status: ready ? "ok" : "unavailable", ...readiness });
  });
  router.get("/results/:userId", results);
  router.get("/reports/:sourceId/:appId/:userId", report);
  router.get("/reports/:sourceId/:appId/:userId/content", reportContent);
  router.get("/documents/:userId/:appId", document);
  router.get("/exports/:userId/:exportId/file", owner, exportRoutes.file);
  router.use(() => {
    throw new RequestError(404, NOT_FOUND);
  });
  return router;
}
