import * as z from "zod";
import {
  type DeploymentEnvironment,
  deploymentEnvironmentOf,
  environmentPolicy,
  type EnvironmentPolicy,
  secretProblems,
} from "../../lib/deployment/environment.ts";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORTAL_URL: z.url().default("http://localhost:3000"),
  PORTAL_ENVIRONMENT: z.enum(["development", "staging", "regulated-test", "production"]).optional(),
  PORTAL_DATA_DIR: z.string().default(".data/portal"),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).default("development-only-session-secret-change-me"),
  IDP_ISSUER: z.url().default("http://localhost:3001"),
  /** Letters, digits, '-', '.', '_' and '*': what form-encoding leaves as it is (the client library sends it unencoded). */
  IDP_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9*._-]+$/, "letters, digits, '-', '.', '_' and '*' only")
    .default("participant-portal"),
  IDP_CLIENT_SECRET: z.string().default("dev-portal-secret-change-me"),
  RESULTS_API_URL: z.url().default("http://localhost:3002"),
  RESULTS_API_AUDIENCE: z.string().optional(),
  RESULTS_TIMEOUT_MS: positiveInt.default(4000),
  /** One page's whole budget for the results service, across its attempts. */
  RESULTS_BUDGET_MS: positiveInt.default(5000),
  /** Consecutive failed calls (no answer or 5xx) that open the circuit breaker for the results service. */
  RESULTS_BREAKER_FAILURES: positiveInt.default(5),
  /** How long an open breaker answers at once before one call is let through to try again. */
  RESULTS_BREAKER_HALF_OPEN_MS: positiveInt.default(1000),
  /** The timeout of the one call an open breaker lets through: pages arriving meanwhile wait for it, so it bounds what a frozen service costs them. */
  RESULTS_PROBE_TIMEOUT_MS: positiveInt.default(500),
  /** A full page load of My Results waits this long for the results, then shows 'Gathering your information...' and refreshes. */
  RESULTS_WAIT_PAGE_AFTER_MS: positiveInt.default(1500),
  SESSION_IDLE_TIMEOUT_SECONDS: positiveInt.default(30 * 60),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: positiveInt.default(12 * 60 * 60),
  FEATURE_LOGIN_SECURITY: booleanFlag.default(true),
  COOKIE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i)
    .optional(),
  USE_HEAP_IDENTIFY: booleanFlag.optional(),
  ERROR_REPORTING_ENABLED: booleanFlag.optional(),
  /** Where error reports go (Sentry's DSN, which carries the project's public key); unset, none are sent. */
  SENTRY_DSN: z.url().optional(),
  CODE_VERSION: z.string().max(100).default("development"),
  ANALYTICS_URL: z.url().optional(),
  ANALYTICS_APP_ID: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  READINESS_TIMEOUT_MS: positiveInt.default(2000),
  /** The identity provider's account API (password update); defaults to IDP_ISSUER + "/api/account". */
  ACCOUNT_API_URL: z.url().optional(),
  ACCOUNT_API_TIMEOUT_MS: positiveInt.default(8000),
  /** SPEC §9's 30 s between codes; shorter only where a test stack must not wait it out. */
  CODE_RESEND_LOCK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Set by the supervising launcher: where it writes the status of the processes it runs. */
  LAUNCHER_STATUS_FILE: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env & { deployment: DeploymentEnvironment } {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid portal configuration:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const deployment = deploymentEnvironmentOf({ PORTAL_ENVIRONMENT: env.PORTAL_ENVIRONMENT, PORTAL_URL: env.PORTAL_URL });
  const refusals = secretProblems(deployment, {
    SESSION_SECRET: process.env.SESSION_SECRET,
    IDP_CLIENT_SECRET: process.env.IDP_CLIENT_SECRET,
  });
  if (refusals.length) throw new Error(`Invalid portal configuration: ${refusals.join("; ")}`);
  return { ...env, deployment };
}

export const env = readEnv();

/** What follows for the portal from its environment (PORTAL_ENVIRONMENT, else PORTAL_URL's host): cookies, analytics identify, error reporting. */
export const portalPolicy: EnvironmentPolicy = environmentPolicy({
  environment: env.deployment,
  portalHost: new URL(env.PORTAL_URL).hostname,
  cookieDomain: env.COOKIE_DOMAIN,
  useHeapIdentify: env.USE_HEAP_IDENTIFY,
  errorReportingEnabled: env.ERROR_REPORTING_ENABLED,
});
