import { pino } from "pino";
import { resultsConfigFromEnv } from "./config.ts";
import { startResultsService } from "./service.ts";

const config = resultsConfigFromEnv();
const logger = pino({ level: config.logLevel, base: { service: "results" } });
const service = await startResultsService({ ...config, logger });
logger.info(
  { url: service.url, issuer: config.issuer, database: config.databaseUrl ? "postgresql" : "embedded" },
  "results service listening",
);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "results service stopping");
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "results service did not stop cleanly");
        process.exit(1);
      },
    );
  });
}
