import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import * as z from "zod";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { reportIsReady } from "../../../lib/program/report-readiness.ts";
import { methodNotAllowed, parsedBody, plainText, sendJson, sendNoContent, sourceField } from "../http-kit.ts";
import { serveNotices } from "../log-feed.ts";
import { isDownloadApp, reportLanguage, type ReportLanguage } from "../report-content.ts";
import { renderReportPdf, reportFileName, sendPdf } from "../report-pdf.ts";
import { versionedReportContent } from "../report-versions.ts";
import { readyAppOf, type ResultsRepository } from "../repository.ts";
import { RequestError, type TokenVerifier } from "../token-verifier.ts";
import { answerGuess, createGuessBudget } from "./guess-budget.ts";
import { SHARE_DAYS, type ShareStore } from "./share-store.ts";

export interface ShareRouteDeps {
  store: ShareStore;
  /** The results service's database: a reissued report's versions. */
  db: Queryable;
  repository: ResultsRepository;
  reportIssuer: { programName: (language: ReportLanguage) => string; laboratory: string };
  now: () => Date;
  verifyToken: TokenVerifier;
  /** Every answer to a code and date of birth takes at least this long, so none is faster than another. */
  answerFloorMs: number;
  /** Failed attempts the whole deployment takes in a window; past it only a right code with its date of birth opens. */
  missBudget: { max: number; windowSeconds: number };
  /** Failed attempts one source takes in a window, in front of the deployment's. */
  sourceMissBudget: { max: number; windowSeconds: number };
  logger: Logger;
}

const CreateBody = z.object({
  appId: z.string().min(1).max(200),
  recipient: plainText(100),
  days: z.union(SHARE_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>]),
  language: z.enum(["en", "es"]).default("en"),
  /** Chosen by the portal before its call: the same key again answers the share it created. */
  requestKey: z.uuid().optional(),
});

const OpenBody = z
  .object({
    code: z.string().max(40).optional(),
    link: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
    dateOfBirth: z.iso.date(),
    /** One of the portal's device words ('computer · Chrome'); anything else is recorded as unknown. */
    device: z
      .string()
      .regex(/^(phone|tablet|computer)( · (Edge|Firefox|Chrome|Safari))?$/)
      .catch("unknown"),
    source: sourceField,
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.link));

const NO_MATCH = "No open share matches this code and date of birth";

function accessOf(req: IncomingMessage): string {
  const access = /^Share\s+([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? "")?.[1];
  if (!access) throw new RequestError(401, "This share is not open");
  return access;
}

export function createShareRoutes(deps: ShareRouteDeps) {
  const { store } = deps;

  /** The report a clinician's access opens, in the language asked for. */
  async function sharedReport(req: IncomingMessage, url: URL) {
    const opened = await store.shareForAccess(accessOf(req));
    if (!opened) throw new RequestError(401, "This share is not open");
    const patient = await deps.repository.findPatient(opened.userId);
    const app = patient ? await deps.repository.findApp(opened.userId, opened.appId) : null;
    // The participant's own rule: results no longer ready (the kit status moved back) are not shown to anyone.
    if (!patient || !app || !reportIsReady(app, patient.kitStatus)) throw new RequestError(404, "This report is no longer available");
    const language = reportLanguage(url.searchParams.get("lang"));
    // A reissued report is shown as its newest version, with that version's date and what changed.
    const { content, issuedAt } = (await versionedReportContent(
      { db: deps.db, now: deps.now, laboratory: deps.reportIssuer.laboratory },
      patient,
      app,
      language,
    ))!;
    return { opened, app, content, issuedAt };
  }

  /**
   * The budgets of failed attempts: the source's, the share's own (five wrong dates of birth in its
   * life, `store.open`), then the deployment's (`createGuessBudget`). A source past its own budget is
   * slowed down: nothing it sends is compared until its window ends. Past the deployment's, every
   * failure is answered alike (429), and a right code with its right date of birth still opens an open
   * share: strangers' misses elsewhere never refuse it.
   */
  const attempt = createGuessBudget(deps, { scopePrefix: "", alert: "share-miss-budget-exhausted", what: "share code" });

  const open = (req: IncomingMessage, res: ServerResponse) =>
    answerGuess(
      req,
      res,
      { floorMs: deps.answerFloorMs, attempt, schema: OpenBody, invalid: "A code or link and a date of birth are required" },
      async ({ code, link, dateOfBirth, device }, limited) => {
        const outcome = await store.open(
          code ? { kind: "code", value: code } : { kind: "link", value: link! },
          dateOfBirth,
          device,
          limited,
        );
        if (outcome.kind === "opened") return [200, { access: outcome.access, expiresAt: outcome.expiresAt }];
        if (outcome.kind === "limited") return "limited";
        if (outcome.kind === "ended") return [410, { status: 410, message: "This share has ended" }];
        return [404, { status: 404, message: NO_MATCH }];
      },
    );

  return {
    /** `shares/{userID}` (GET, POST) and `shares/{userID}/{shareID}/revoke` (POST): the participant's own, after `authorize`. */
    async participant(req: IncomingMessage, res: ServerResponse, userId: string, shareId: string | undefined) {
      if (shareId === undefined && req.method === "GET") return sendJson(res, 200, { shares: await store.list(userId) });
      if (req.method !== "POST") methodNotAllowed(res, shareId === undefined ? "GET, POST" : "POST");
      if (shareId !== undefined) {
        if (!z.uuid().safeParse(shareId).success) throw new RequestError(404, "No such share");
        const share = await store.revoke(userId, shareId);
        if (!share) throw new RequestError(404, "No such share");
        return sendJson(res, 200, { share });
      }
      const { requestKey, ...input } = await parsedBody(req, CreateBody, "appId, recipient and days (1, 7 or 30) are required");
      await readyAppOf(deps.repository, userId, input.appId, (app) => !isDownloadApp(app), "No report was found for this app");
      const created = await store.create(userId, input, requestKey);
      if (created === "withdrawn") throw new RequestError(409, "A participant who asked to withdraw shares nothing");
      if (created === "too-many") throw new RequestError(429, "Too many open shares");
      if ("expired" in created)
        return sendJson(res, 409, { status: 409, message: "This request created a share already", share: created.share });
      const { replayed, ...answer } = created;
      sendJson(res, replayed ? 200 : 201, answer);
    },

    /** `shared/open`, `shared/report`, `shared/report.pdf`: the clinician's side, no participant token anywhere. */
    async clinician(req: IncomingMessage, res: ServerResponse, what: string, url: URL) {
      if (what === "open" || what === "close") {
        if (req.method !== "POST") methodNotAllowed(res, "POST");
        if (what === "open") return open(req, res);
        // 'Close this report': the access ends here, not only in the clinician's browser.
        await store.closeAccess(accessOf(req));
        return sendNoContent(res);
      }
      if (req.method !== "GET") methodNotAllowed(res, "GET");
      if (what === "report") {
        const { opened, app, content } = await sharedReport(req, url);
        await store.recordDelivery(opened.share.id, "page");
        return sendJson(res, 200, {
          share: { recipient: opened.share.recipient, expiresAt: opened.share.expiresAt, appName: app.appName },
          report: content,
        });
      }
      if (what === "report.pdf") {
        const { opened, app, content, issuedAt } = await sharedReport(req, url);
        const body = await renderReportPdf(content, deps.reportIssuer.programName(content.language));
        await store.recordDelivery(opened.share.id, "pdf");
        return sendPdf(res, body, reportFileName(app.appName, issuedAt), { "cache-control": "private, no-store" });
      }
      throw new RequestError(404, "Not found");
    },

    /** `share-notices/claim` and `share-notices/ack`: the identity provider e-mails every share event once. */
    notices: (req: IncomingMessage, res: ServerResponse, what: string) =>
      serveNotices(deps, req, res, what, { purpose: "share-notices", claim: () => store.claimNotices(), acknowledge: store.noticesSent }),
  };
}
