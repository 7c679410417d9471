import * as z from "zod";
import {
  demoParticipantsFileFor,
  deploymentEnvironmentOf,
  referenceResultsProblems,
  secretProblems,
} from "../../lib/deployment/environment.ts";
import { issuesText } from "./http-kit.ts";

const EnvSchema = z.object({
  RESULTS_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  RESULTS_HOST: z.string().min(1).default("127.0.0.1"),
  RESULTS_PUBLIC_URL: z.url().default("http://localhost:3002"),
  PORTAL_URL: z.url().default("http://localhost:3000"),
  IDP_ISSUER: z.url().default("http://localhost:3001"),
  IDP_JWKS_URL: z.url().optional(),
  RESULTS_API_AUDIENCE: z.string().min(1).default("http://localhost:3002"),
  RESULTS_DATA_DIR: z.string().min(1).default(".data/results"),
  RESULTS_EXPORT_DIR: z.string().min(1).optional(),
  RESULTS_EXPORT_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  DATABASE_URL: z.string().min(1).optional(),
  RESULTS_DOCUMENT_SECRET: z.string().min(32).optional(),
  RESULTS_DOCUMENT_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** By default archives are kept beside the embedded database's directory, so two services never share one. */
export const exportDirBeside = (dataDir: string) => `${dataDir.replace(/[\\/]+$/, "")}-exports`;

export function resultsConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env) {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]));
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) throw new Error(`Invalid results service configuration: ${issuesText(parsed.error)}`);
  const e = parsed.data;
  const environment = deploymentEnvironmentOf(env);
  const problems = [
    // The document key is optional (one is generated and kept in the database), but one given must be strong.
    ...secretProblems(environment, {}, { RESULTS_DOCUMENT_SECRET: e.RESULTS_DOCUMENT_SECRET }),
    ...referenceResultsProblems(environment, env),
  ];
  if (problems.length) throw new Error(`Invalid results service configuration: ${problems.join("; ")}`);
  const issuer = e.IDP_ISSUER.replace(/\/$/, "");
  return {
    /** The deployment's environment (lib/deployment): development tools exist only in development. */
    environment,
    port: e.RESULTS_PORT,
    host: e.RESULTS_HOST,
    /** Base URL under which this service is reachable from browsers (used in report links). */
    publicUrl: e.RESULTS_PUBLIC_URL.replace(/\/$/, ""),
    /** The portal, where a participant goes back to from a report link that no longer works. */
    portalUrl: e.PORTAL_URL.replace(/\/$/, ""),
    issuer,
    jwksUrl: e.IDP_JWKS_URL ?? `${issuer}/jwks`,
    /** The key set is read again at least this often: a key retired in an emergency (a leak) stops opening tokens within it. */
    jwksCacheMs: 60_000,
    audience: e.RESULTS_API_AUDIENCE,
    dataDir: e.RESULTS_DATA_DIR,
    /** Storage for the participants' download-everything archives (shared by every instance of this service). */
    exportDir: e.RESULTS_EXPORT_DIR ?? exportDirBeside(e.RESULTS_DATA_DIR),
    exportPollMs: e.RESULTS_EXPORT_POLL_MS,
    databaseUrl: e.DATABASE_URL,
    // Read as given: set empty it means "seed nothing", not the default (lib/deployment).
    demoParticipantsFile: demoParticipantsFileFor(environment, env.DEMO_PARTICIPANTS_FILE),
    /** Key for report links; when absent one is generated on first start and kept in the database. */
    documentSecret: e.RESULTS_DOCUMENT_SECRET,
    documentTtlSeconds: e.RESULTS_DOCUMENT_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}

export type ResultsConfig = ReturnType<typeof resultsConfigFromEnv>;
