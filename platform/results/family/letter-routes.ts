import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request } from "express";
import * as z from "zod";
import { parsedBody, queryOf, sendJson, sourceField, type Handler } from "../http-kit.ts";
import { reportLanguage, type ReportLanguage } from "../report-content.ts";
import { renderReportPdf, sendPdf } from "../report-pdf.ts";
import { readyAppOf, type ResultsRepository } from "../repository.ts";
import { answerGuess, createGuessBudget, type GuessBudgetDeps } from "../shares/guess-budget.ts";
import { RequestError } from "../token-verifier.ts";
import { familyLetterContent } from "./letter-content.ts";
import type { FamilyLetterStore, FamilyLetterView } from "./letter-store.ts";

/** The share codes' budget counts (`store`), where relative codes keep budgets of their own with the same limits. */
export interface FamilyLetterRouteDeps extends GuessBudgetDeps {
  letters: FamilyLetterStore;
  repository: ResultsRepository;
  /** The portal's public page where a relative types the code, as the letter gives it. */
  relativePageUrl: string;
  /** Every answer to a relative code takes at least this long, so none is faster than another. */
  answerFloorMs: number;
}

const CreateBody = z.object({ appId: z.string().min(1).max(200) });

const OpenBody = z.object({
  code: z.string().min(1).max(40),
  language: z.enum(["en", "es"]).default("en"),
  source: sourceField,
});

export function createFamilyLetterRoutes(deps: FamilyLetterRouteDeps) {
  const { letters } = deps;
  const attempt = createGuessBudget(deps, {
    scopePrefix: "relative-",
    alert: "relative-code-miss-budget-exhausted",
    what: "relative code",
  });

  const contentOf = (letter: FamilyLetterView, language: ReportLanguage) =>
    familyLetterContent(letter, { language, relativePageUrl: deps.relativePageUrl });

  async function ownLetter(userId: string, letterId: string) {
    const letter = z.uuid().safeParse(letterId).success ? await letters.find(userId, letterId) : null;
    if (!letter) throw new RequestError(404, "No such family letter");
    return letter;
  }

  /** A relative's code: the letter alone, never a result of the participant's. */
  const open = (req: IncomingMessage, res: ServerResponse) =>
    answerGuess(
      req,
      res,
      { floorMs: deps.answerFloorMs, attempt, schema: OpenBody, invalid: "A relative code is required" },
      async ({ code, language }, limited) => {
        const outcome = await letters.open(code, limited);
        if (outcome.kind === "opened") return { expiresAt: outcome.letter.expiresAt, letter: contentOf(outcome.letter, language) };
        if (outcome.kind === "limited") return "limited";
        if (outcome.kind === "ended") {
          const message = outcome.reason === "expired" ? "This relative code has expired" : "This relative code was ended";
          throw new RequestError(410, message, { reason: outcome.reason });
        }
        throw new RequestError(404, "No family letter matches this code");
      },
    );

  /**
   * `family-letters/{userID}` (GET, POST), `…/{letterID}/end` (POST), `…/{letterID}/letter` and
   * `…/{letterID}/letter.pdf` (GET): the participant's own, after `authorize`.
   */
  const list: Handler<"userId"> = async (req, res) => sendJson(res, 200, { letters: await letters.list(req.params.userId) });

  const create: Handler<"userId"> = async (req, res) => {
    const { userId } = req.params;
    const { appId } = await parsedBody(req, CreateBody, "appId is required");
    const app = await readyAppOf(
      deps.repository,
      userId,
      appId,
      (found) => found.appName === "fh-health",
      "No familial hypercholesterolemia report was found for this app",
    );
    // The letter asks relatives to be tested for a variant: a report that found none has no letter.
    if (!app.fhFinding) throw new RequestError(409, "This familial hypercholesterolemia report found no variant to test relatives for");
    const made = await letters.create(userId, app.appID);
    if (made === "withdrawn") throw new RequestError(409, "A participant who asked to withdraw gives out no family letter");
    sendJson(res, made.created ? 201 : 200, { letter: made.letter });
  };

  const end: Handler<"userId" | "letterId"> = async (req, res) => {
    const { userId, letterId } = req.params;
    await ownLetter(userId, letterId);
    sendJson(res, 200, { letter: await letters.end(userId, letterId) });
  };

  const read = async (req: Request<Record<"userId" | "letterId", string>>) => {
    const letter = await ownLetter(req.params.userId, req.params.letterId);
    return { letter, content: contentOf(letter, reportLanguage(queryOf(req).get("lang"))) };
  };

  const letter: Handler<"userId" | "letterId"> = async (req, res) => sendJson(res, 200, await read(req));

  const pdf: Handler<"userId" | "letterId"> = async (req, res) => {
    const { content } = await read(req);
    const body = await renderReportPdf(content);
    sendPdf(res, body, `family-letter-${content.language}.pdf`, { "cache-control": "no-store" });
  };

  /** `family-letter/open` (POST): a relative's code, no participant token anywhere. */
  return { list, create, end, letter, pdf, open };
}
