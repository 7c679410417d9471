import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { setTimeout as wait } from "node:timers/promises";
import type { Database } from "../../lib/postgres/index.ts";
import { reportIsReady } from "../../lib/program/report-readiness.ts";
import { createDevParticipant } from "./dev-participants.ts";
import type { DocumentLinkSigner } from "./document-links.ts";
import { exomeFileName, exomeVcfDocument } from "./documents.ts";
import { createExportRoutes, type ExportRouteDeps } from "./exports/export-routes.ts";
import { FaultRequestSchema, type FaultStore } from "./faults.ts";
import { checkedQuery, pathSegments, readJsonBody, sendJson } from "./http-kit.ts";
import { createKitStepRoutes, type KitStepDeps } from "./kit-steps.ts";
import { renderLinkProblemPage, type LinkProblem } from "./link-problem-page.ts";
import { checkReadiness } from "./readiness.ts";
import { isDownloadApp, reportContentFor, reportLanguage, type ReportLanguage } from "./report-content.ts";
import { renderReportPdf } from "./report-pdf.ts";
import type { PatientRecord, ResultsRepository } from "./repository.ts";
import { createShareRoutes, type ShareRouteDeps } from "./shares/share-routes.ts";
import { bearerToken, RequestError, verifiedCaller, type TokenVerifier, type VerifiedCaller } from "./token-verifier.ts";
import { createWithdrawalRoutes, type WithdrawalDeps } from "./withdrawals.ts";

export interface RouteDependencies {
  db: Database;
  repository: ResultsRepository;
  faults: FaultStore;
  signer: DocumentLinkSigner;
  verifyToken: TokenVerifier;
  publicUrl: string;
  /** Where a participant goes back to from a report link that no longer works. */
  portalUrl: string;
  /** The program's name (the report's author) and the lab's accreditation line printed on every report. */
  reportIssuer: { programName: string; laboratory: string };
  jwksUrl: string;
  devToolsEnabled: boolean;
  /** True once the service is stopping: /readyz answers 503 so balancers send new requests elsewhere. */
  isDraining: () => boolean;
  nowSeconds: () => number;
  exports: ExportRouteDeps;
  withdrawals: WithdrawalDeps;
  shares: ShareRouteDeps;
  kitSteps: KitStepDeps;
}

const NOT_FOUND = "Not found";

export function createRouter(deps: RouteDependencies) {
  /** Token check, own-data rule, then any injected development fault, in that order. */
  async function authorizeFor(req: IncomingMessage, userId: string): Promise<VerifiedCaller> {
    const caller = verifiedCaller(await deps.verifyToken(bearerToken(req.headers.authorization), "participant"));
    if (caller.userId !== userId) throw new RequestError(403, "This token does not allow reading another participant's results");
    const fault = await deps.faults.take(userId);
    if (fault) {
      if (fault.delayMs > 0) await wait(fault.delayMs);
      if (fault.status !== null) throw new RequestError(fault.status, "Simulated failure (development fault injection)");
    }
    return caller;
  }

  /** Downloads of everything and withdrawals are for the signed-in participant; a results link opens results only. */
  async function authorizeOwnAccount(req: IncomingMessage, userId: string): Promise<void> {
    const caller = await authorizeFor(req, userId);
    if (caller.tokenType === "ACCESS") throw new RequestError(403, "A results link opens results only");
    await patientFromSource(userId, null);
  }

  const exportRoutes = createExportRoutes(deps.exports);
  const withdrawalRoutes = createWithdrawalRoutes(deps.withdrawals);
  const shareRoutes = createShareRoutes(deps.shares);
  const kitStepRoutes = createKitStepRoutes(deps.kitSteps);

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
  async function results(req: IncomingMessage, res: ServerResponse, userId: string, url: URL) {
    const caller = await authorizeFor(req, userId);
    const patient = await patientFromSource(userId, url.searchParams.get("sourceID") || null);
    const resultsLink = caller.tokenType === "ACCESS";
    const [apps, consents] = await Promise.all([
      deps.repository.listApps(userId),
      resultsLink ? Promise.resolve(null) : deps.repository.listConsents(userId),
    ]);
    const name = { firstName: patient.firstName, middleName: patient.middleName, lastName: patient.lastName };
    const today = new Date(deps.nowSeconds() * 1000);
    const common = {
      kitStatus: patient.kitStatus,
      // A data file's size goes with it, so the portal can name it on the download button.
      apps: apps.map((record) => {
        const { documentBytes: _keptHere, ...app } = record;
        return isDownloadApp(record) ? { ...app, fileBytes: exomeVcfDocument(patient, record, today).bytes } : app;
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
      Patient: { ...name, email: patient.email },
    });
  }

  async function report(req: IncomingMessage, res: ServerResponse, sourceId: string, appId: string, userId: string, url: URL) {
    await authorizeFor(req, userId);
    const patient = await patientFromSource(userId, sourceId);
    const app = await deps.repository.findApp(userId, appId);
    if (!app) throw new RequestError(404, "No report was found for this app");
    if (!reportIsReady(app, patient.kitStatus)) throw new RequestError(409, "The results for this report are not ready yet");
    const language = reportLanguage(url.searchParams.get("lang"));
    sendJson(res, 200, { providerReportUrl: deps.publicUrl + deps.signer.pathFor(userId, appId, deps.nowSeconds(), language) });
  }

  const documentHeaders = {
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
  };

  function linkProblem(res: ServerResponse, status: number, problem: LinkProblem, language: ReportLanguage) {
    const nonce = randomBytes(16).toString("base64");
    const body = renderLinkProblemPage(problem, language, deps.portalUrl, nonce);
    res.writeHead(status, {
      ...documentHeaders,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  }

  /** A short file name: the program's, the app's and the date, nothing a participant typed. */
  function reportFileName(appName: string, at: Date): string {
    return `report-${appName}-${at.toISOString().slice(0, 10)}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
  }

  async function document(res: ServerResponse, userId: string, appId: string, url: URL) {
    const language = reportLanguage(url.searchParams.get("lang"));
    const signedLanguage = url.searchParams.get("lang") ?? "en";
    const check = deps.signer.verify(
      userId,
      appId,
      signedLanguage,
      url.searchParams.get("expires"),
      url.searchParams.get("signature"),
      deps.nowSeconds(),
    );
    if (check === "invalid") return linkProblem(res, 403, "invalid", language);
    if (check === "expired") return linkProblem(res, 410, "expired", language);
    const patient = await deps.repository.findPatient(userId);
    const app = patient ? await deps.repository.findApp(userId, appId) : null;
    if (!patient || !app || !reportIsReady(app, patient.kitStatus)) return linkProblem(res, 404, "missing", language);

    const common = documentHeaders;
    if (isDownloadApp(app)) {
      const vcf = exomeVcfDocument(patient, app, new Date(deps.nowSeconds() * 1000));
      res.writeHead(200, {
        ...common,
        "content-type": "text/vcf; charset=utf-8",
        "content-disposition": `attachment; filename="${exomeFileName(userId)}"`,
        "content-length": vcf.bytes,
      });
      await pipeline(vcf.stream(), res);
      return;
    }
    const issuedAt = new Date(deps.nowSeconds() * 1000);
    const content = reportContentFor(patient, app, { language, issuedAt, laboratory: deps.reportIssuer.laboratory });
    const body = await renderReportPdf(content, deps.reportIssuer.programName);
    res.writeHead(200, {
      ...common,
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${reportFileName(app.appName, issuedAt)}"`,
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "content-length": body.length,
    });
    res.end(body);
  }

  /** `DELETE /dev/faults?userID=…` clears that participant's rule; without it, every rule. */
  function userIdToClear(url: URL): string | undefined {
    const userId = url.searchParams.get("userID");
    if (userId === null) return undefined;
    const parsed = FaultRequestSchema.shape.userID.safeParse(userId);
    if (!parsed.success || parsed.data === undefined) throw new RequestError(400, "Invalid userID");
    return parsed.data;
  }

  async function devFaults(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === "POST") {
      const parsed = FaultRequestSchema.safeParse(await readJsonBody(req));
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
        throw new RequestError(400, `Invalid fault: ${problems}`);
      }
      sendJson(res, 200, { fault: await deps.faults.set(parsed.data) });
    } else if (req.method === "DELETE") {
      await deps.faults.clear(userIdToClear(url));
      res.writeHead(204, { "cache-control": "no-store" }).end();
    } else if (req.method === "GET") {
      sendJson(res, 200, { faults: await deps.faults.list() });
    } else {
      res.setHeader("allow", "GET, POST, DELETE");
      throw new RequestError(405, "Method not allowed");
    }
  }

  return async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://results.internal");
    const segments = pathSegments(url.pathname);
    checkedQuery(url);
    const [first, second, third, fourth] = segments;

    if (first === "dev" && second === "faults" && segments.length === 2) {
      if (!deps.devToolsEnabled) throw new RequestError(404, NOT_FOUND);
      return devFaults(req, res, url);
    }
    if (first === "dev" && second === "participants" && segments.length === 2) {
      if (!deps.devToolsEnabled) throw new RequestError(404, NOT_FOUND);
      return createDevParticipant(deps.db, req, res);
    }
    if (first === "dev" && second === "kits" && third && fourth === "step" && segments.length === 4) {
      if (!deps.devToolsEnabled) throw new RequestError(404, NOT_FOUND);
      if (req.method !== "POST") {
        res.setHeader("allow", "POST");
        throw new RequestError(405, "Method not allowed");
      }
      return kitStepRoutes.move(req, res, third);
    }
    if (first === "kit-step-changes" && segments.length === 1 && req.method === "GET")
      return kitStepRoutes.feed(req, res, url.searchParams);
    if (first === "exports" && second && segments.length === 2) {
      if (req.method === "POST") {
        await authorizeOwnAccount(req, second);
        return exportRoutes.request(req, res, second);
      }
      if (req.method === "GET") {
        await authorizeOwnAccount(req, second);
        return exportRoutes.list(res, second);
      }
      res.setHeader("allow", "GET, POST");
      throw new RequestError(405, "Method not allowed");
    }
    if (first === "withdrawals" && second && segments.length === 2) {
      if (req.method !== "GET" && req.method !== "POST") {
        res.setHeader("allow", "GET, POST");
        throw new RequestError(405, "Method not allowed");
      }
      // The participant's own requests, with their own (full) token, as for exports.
      await authorizeOwnAccount(req, second);
      return req.method === "POST" ? withdrawalRoutes.record(req, res, second) : withdrawalRoutes.list(res, second);
    }
    if (first === "shares" && second && (segments.length === 2 || (segments.length === 4 && fourth === "revoke"))) {
      await authorizeOwnAccount(req, second);
      return shareRoutes.participant(req, res, second, third);
    }
    if (first === "shared" && second && segments.length === 2) return shareRoutes.clinician(req, res, second, url);
    if (first === "share-notices" && second && segments.length === 2) return shareRoutes.notices(req, res, second);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET");
      throw new RequestError(405, "Method not allowed");
    }
    if (first === "healthz" && segments.length === 1) return sendJson(res, 200, { status: "ok" });
    if (first === "readyz" && segments.length === 1) {
      const readiness = await checkReadiness(deps.db, deps.jwksUrl, deps.isDraining());
      return sendJson(res, readiness.ready ? 200 : 503, {
        status: readiness.ready ? "ok" : "unavailable",
        checks: readiness.checks,
        upstreams: readiness.upstreams,
      });
    }
    if (first === "results" && second && segments.length === 2) return results(req, res, second, url);
    if (first === "reports" && second && third && fourth && segments.length === 4) return report(req, res, second, third, fourth, url);
    if (first === "documents" && second && third && segments.length === 3) return document(res, second, third, url);
    if (first === "exports" && second && third && fourth === "file" && segments.length === 4) {
      await authorizeOwnAccount(req, second);
      return exportRoutes.file(res, second, third);
    }
    throw new RequestError(404, NOT_FOUND);
  };
}
