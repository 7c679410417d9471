import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler } from "express";
import { pino, type Logger } from "pino";
import { BodyRejectedError, isClientAbort } from "../../lib/http/index.ts";
import { requestId, requestLog, serviceHeaders } from "../../lib/http/middleware.ts";
import { migrate, openDatabase } from "../../lib/postgres/index.ts";
import { exportDirBeside, resultsConfigFromEnv, type ResultsConfig } from "./config.ts";
import { seedCounsellingRequests } from "./counselling/counselling-demo.ts";
import { counsellingMigrations } from "./counselling/counselling-schema.ts";
import { createCounsellingStore } from "./counselling/counselling-store.ts";
import { readDemoParticipants } from "./demo-participants.ts";
import { createDocumentLinkSigner } from "./document-links.ts";
import { loadDocumentSecret } from "./document-secret.ts";
import { createExportJobs } from "./exports/export-jobs.ts";
import { startExportWorker, type ExportWorker } from "./exports/export-worker.ts";
import { familyLetterMigrations } from "./family/letter-schema.ts";
import { createFamilyLetterStore } from "./family/letter-store.ts";
import { sendJson } from "./http-kit.ts";
import { kitMigrations } from "./kits/kit-schema.ts";
import { seedDemoKits } from "./kits/kit-seed.ts";
import { createKitStore } from "./kits/kit-store.ts";
import { createRawDataGate } from "./raw-data.ts";
import { createResultsRepository } from "./repository.ts";
import { createRouter } from "./routes.ts";
import { resultsMigrations } from "./schema.ts";
import { seedDemoParticipants } from "./seed.ts";
import * as settings from "./settings.ts";
import { shareMigrations } from "./shares/share-schema.ts";
import { createShareHasher } from "./shares/share-secrets.ts";
import { createShareStore } from "./shares/share-store.ts";
import { createTokenVerifier, RequestError } from "./token-verifier.ts";

export type ResultsServiceOptions = Partial<ResultsConfig> & {
  logger?: Logger;
  /** Current time in seconds; injectable so tests can move past link expiry. */
  nowSeconds?: () => number;
  shareSettings?: settings.ShareSettings;
  kitSettings?: settings.KitSettings;
  counsellingSettings?: settings.CounsellingSettings;
};

export interface RunningResultsService {
  url: string;
  close(): Promise<void>;
}

/** Opens the database, migrates and seeds it, then serves the results API until close(). */
export async function startResultsService(options: ResultsServiceOptions = {}): Promise<RunningResultsService> {
  const {
    logger: givenLogger,
    nowSeconds = () => Math.floor(Date.now() / 1000),
    shareSettings = settings.shareSettingsFromEnv(process.env),
    kitSettings = settings.kitSettingsFromEnv(process.env),
    counsellingSettings = settings.counsellingSettingsFromEnv(process.env),
    ...overrides
  } = options;
  const config: ResultsConfig = { ...resultsConfigFromEnv({}), ...overrides };
  if (overrides.issuer && !overrides.jwksUrl) config.jwksUrl = `${config.issuer.replace(/\/$/, "")}/jwks`;
  if (overrides.dataDir && !overrides.exportDir) config.exportDir = exportDirBeside(overrides.dataDir);
  const logger = givenLogger ?? pino({ level: config.logLevel, base: { service: "results" } });

  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let server: Server | undefined;
  let draining = false;
  let exportWorker: ExportWorker | undefined;
  try {
    await migrate(db, "results", resultsMigrations);
    await migrate(db, "results-shares", shareMigrations);
    await migrate(db, "results-family-letters", familyLetterMigrations);
    await migrate(db, "results-kits", kitMigrations);
    await migrate(db, "results-counselling", counsellingMigrations);
    if (config.demoParticipantsFile) {
      const participants = await readDemoParticipants(config.demoParticipantsFile);
      await seedDemoParticipants(db, participants);
      await seedDemoKits(db, participants);
      await seedCounsellingRequests(db, participants);
    }
    const now = () => new Date(nowSeconds() * 1000);
    const repository = createResultsRepository(db);
    const exportJobs = createExportJobs(db, now);
    exportWorker = startExportWorker({
      jobs: exportJobs,
      repository,
      db,
      directory: config.exportDir,
      logger,
      now,
      pollMs: config.exportPollMs,
    });
    const documentSecret = await loadDocumentSecret(db, config.documentSecret);
    const signer = createDocumentLinkSigner(documentSecret, config.documentTtlSeconds);
    const verifyToken = createTokenVerifier(config);
    const shareHasher = createShareHasher(documentSecret);
    const shareStore = createShareStore(db, shareHasher, now);
    const basics = { db, now, verifyToken };
    const rawData = createRawDataGate(basics);
    const shares = { ...basics, store: shareStore, repository, ...shareSettings, logger };
    const router = createRouter({
      ...basics,
      repository,
      signer,
      config,
      isDraining: () => draining,
      exports: { jobs: exportJobs, directory: config.exportDir, wakeWorker: () => exportWorker!.wake(), now, rawData },
      rawData,
      shares,
      familyLetters: { ...shares, letters: createFamilyLetterStore(db, shareHasher, now), relativePageUrl: `${config.portalUrl}/family` },
      kits: { store: createKitStore(db, now), misses: shareStore, now, ...kitSettings },
      counselling: { ...basics, store: createCounsellingStore(db, now), repository, misses: shareStore, ...counsellingSettings },
    });

    const app = express();
    app.disable("x-powered-by");
    app.use(requestId(), requestLog(logger), serviceHeaders({ production: config.environment === "production" }));
    app.use(router);
    app.use(((error, req, res, _next) => {
      // A client that went away (a closed tab, a dropped connection) is not the service's failure.
      if (isClientAbort(error, req)) {
        logger.info({ requestId: res.locals.requestId }, "client went away");
        return void (res.writableEnded || res.destroy());
      }
      const refused = error instanceof RequestError || error instanceof BodyRejectedError;
      if (!refused) logger.error({ err: error, requestId: res.locals.requestId }, "request failed");
      if (res.headersSent) return void res.destroy();
      // Every error answer has the same shape: { status, message } with the HTTP status; a 429 says when to try again, in its header too.
      const { status, message } = refused ? error : { status: 500, message: "Something went wrong on our side" };
      const details: RequestError["details"] = error instanceof RequestError ? error.details : {};
      if (details.retryAfterSeconds !== undefined) res.setHeader("retry-after", String(details.retryAfterSeconds));
      sendJson(res, status, { status, message, ...details });
    }) satisfies ErrorRequestHandler);
    server = createServer(app).listen(config.port, config.host);
    await once(server, "listening");
  } catch (error) {
    await exportWorker?.stop();
    await db.close();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    close() {
      // Not ready from now on; stop accepting (idle keep-alive connections end at once), let in-flight requests finish, then close the database.
      draining = true;
      closing ??= new Promise((resolve) => server!.close(resolve)).then(() => exportWorker!.stop()).then(() => db.close());
      return closing;
    },
  };
}
