import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import * as z from "zod";
import { reportIsReady } from "../../../lib/program/report-readiness.ts";
import { parsedBody, plainText, queryOf, sendJson, sendNoContent, sourceField, type Handler } from "../http-kit.ts";
import { noticesFeed } from "../log-feed.ts";
import { isDownloadApp, reportLanguage } from "../report-content.ts";
import { renderReportPdf, reportFileName, sendPdf } from "../report-pdf.ts";
import { versionedReportContent } from "../report-versions.ts";
import { readyAppOf, type ResultsRepository } from "../repository.ts";
import { RequestError, type RouteBasics } from "../token-verifier.ts";
import { answerGuess, createGuessBudget, type GuessBudgetDeps } from "./guess-budget.ts";
import { SHARE_DAYS, type ShareStore } from "./share-store.ts";

export interface ShareRouteDeps extends GuessBudgetDeps, RouteBasics {
  store: ShareStore;
  repository: ResultsRepository;
  /** Every answer to a code and date of birth takes at least this long, so none is faster than another. */
  answerFloorMs: number;
}

const CreateBody = z.object({
  appId: z.string().min(1).max(200),
  recipient: plainText(100),
  days: z.literal(SHARE_DAYS),
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

function accessOf(req: IncomingMessage): string {
  const access = /^Share\s+([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? "")?.[1];
  if (!access) throw new RequestError(401, "This share is not open");
  return access;
}

export function createShareRoutes(deps: ShareRouteDeps) {
  const { store } = deps;

  /** The report a clinician's access opens, in the language asked for, as a page or a PDF: each delivery is on the participant's record. */
  async function sendSharedReport(req: Request, res: Response, what: "page" | "pdf") {
    const opened = await store.shareForAccess(accessOf(req));
    if (!opened) throw new RequestError(401, "This share is not open");
    const patient = (await deps.repository.findPatient(opened.user_id))!;
    const app = await deps.repository.findApp(opened.user_id, opened.appId);
    // The participant's own rule: results no longer ready (the kit status moved back) are not shown to anyone.
    if (!app || !reportIsReady(app, patient.kitStatus)) throw new RequestError(404, "This report is no longer available");
    const language = reportLanguage(queryOf(req).get("lang"));
    // A reissued report is shown as its newest version, with that version's date and what changed.
    const { content, issuedAt } = (await versionedReportContent(deps, patient, app, language))!;
    if (what === "page") {
      await store.recordDelivery(opened.id, "page");
      return sendJson(res, 200, {
        share: { recipient: opened.recipient, expiresAt: opened.expiresAt, appName: app.appName },
        report: content,
      });
    }
    const body = await renderReportPdf(content);
    await store.recordDelivery(opened.id, "pdf");
    sendPdf(res, body, reportFileName(app.appName, issuedAt), { "cache-control": "private, no-store" });
  }

  /**
   * The source's budget, the share's own (`store.open`), then the deployment's: past that, every failure
   * is answered alike (429), and a right code with its right date of birth still opens an open share.
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
        if (outcome.kind === "opened") return { access: outcome.access, expiresAt: outcome.expiresAt };
        if (outcome.kind === "limited") return "limited";
        if (outcome.kind === "ended") throw new RequestError(410, "This share has ended");
        throw new RequestError(404, "No open share matches this code and date of birth");
      },
    );

  /** `shares/{userID}` and `shares/{userID}/{shareID}/revoke`: the participant's own, after `authorize`. */
  const list: Handler<"userId"> = async (req, res) => sendJson(res, 200, { shares: await store.list(req.params.userId) });

  const create: Handler<"userId"> = async (req, res) => {
    const { userId } = req.params;
    const { requestKey, ...input } = await parsedBody(req, CreateBody, "appId, recipient and days (1, 7 or 30) are required");
    await readyAppOf(deps.repository, userId, input.appId, (app) => !isDownloadApp(app), "No report was found for this app");
    const created = await store.create(userId, input, requestKey);
    if (created === "withdrawn") throw new RequestError(409, "A participant who asked to withdraw shares nothing");
    if (created === "too-many") throw new RequestError(429, "Too many open shares");
    if ("expired" in created) throw new RequestError(409, "This request created a share already", { share: created.share });
    const { replayed, ...answer } = created;
    sendJson(res, replayed ? 200 : 201, answer);
  };

  const revoke: Handler<"userId" | "shareId"> = async (req, res) => {
    const { userId, shareId } = req.params;
    const share = z.uuid().safeParse(shareId).success ? await store.revoke(userId, shareId) : null;
    if (!share) throw new RequestError(404, "No such share");
    sendJson(res, 200, { share });
  };

  return {
    list,
    create,
    revoke,
    /** `shared/open`, `shared/close`, `shared/report`, `shared/report.pdf`: the clinician's side, no participant token anywhere. */
    open,
    /** 'Close this report': the access ends here, not only in the clinician's browser. */
    close: (async (req, res) => {
      await store.closeAccess(accessOf(req));
      sendNoContent(res);
    }) satisfies Handler,
    report: ((req, res) => sendSharedReport(req, res, "page")) satisfies Handler,
    reportPdf: ((req, res) => sendSharedReport(req, res, "pdf")) satisfies Handler,
    /** `share-notices/claim` and `share-notices/ack`: the identity provider e-mails every share event once. */
    notices: noticesFeed(deps, {
      purpose: "share-notices",
      claim: store.claimNotices,
      acknowledge: store.noticesSent,
    }),
  };
}
