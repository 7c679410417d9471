import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import * as z from "zod";
import { parsedBody, sendJson, type Handler } from "../http-kit.ts";
import type { RawDataGate } from "../raw-data.ts";
import { RequestError } from "../token-verifier.ts";
import type { ExportJobs } from "./export-jobs.ts";
import { exportArchivePath } from "./export-worker.ts";

export interface ExportRouteDeps {
  jobs: ExportJobs;
  directory: string;
  wakeWorker: () => void;
  now: () => Date;
  rawData: RawDataGate;
}

const RequestBody = z.object({ language: z.enum(["en", "es"]).default("en") });

/** The download-everything API: every call is for one participant, with their own full access token, checked by the caller. */
export function createExportRoutes(deps: ExportRouteDeps) {
  return {
    request: (async (req, res) => {
      const { language } = await parsedBody(req, RequestBody, "language must be en or es");
      const outcome = await deps.jobs.request(req.params.userId, language);
      if ("retryAfterSeconds" in outcome) throw new RequestError(429, "Too many data export requests today", outcome);
      deps.wakeWorker();
      sendJson(res, 202, { export: outcome.job });
    }) satisfies Handler<"userId">,

    list: (async (req, res) => sendJson(res, 200, { exports: await deps.jobs.list(req.params.userId) })) satisfies Handler<"userId">,

    /** The archive, streamed. It holds the exome file: a fresh proof, once, before a byte of it is sent. */
    file: (async (req, res) => {
      const { userId, exportId } = req.params;
      const job = await deps.jobs.find(userId, exportId);
      if (!job) throw new RequestError(404, "No data export was found for this participant");
      const expired = job.status === "expired" || (job.expiresAt !== null && job.expiresAt <= deps.now());
      if (expired) throw new RequestError(410, "This data export has expired");
      if (job.status !== "ready") throw new RequestError(409, "This data export is not ready");
      const file = exportArchivePath(deps.directory, job.id);
      const size = (await stat(file).catch(() => null))?.size;
      if (size === undefined) throw new RequestError(410, "This data export is no longer stored");
      await deps.rawData.takeProof(req, userId);
      res.writeHead(200, {
        "content-type": "application/zip",
        "content-length": size,
        // The day it was prepared, nothing a participant typed.
        "content-disposition": `attachment; filename="my-data-${(job.readyAt ?? job.requestedAt).toISOString().slice(0, 10)}.zip"`,
        "cache-control": "private, no-store",
      });
      await pipeline(createReadStream(file), res);
    }) satisfies Handler<"userId" | "exportId">,
  };
}
