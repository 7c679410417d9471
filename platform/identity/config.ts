import * as z from "zod";
import { demoParticipantsFileFor, deploymentEnvironmentOf, secretProblems } from "../../lib/deployment/environment.ts";
import { HUMAN_CHECK_WAIT_SECONDS, HUMAN_CHECK_WAIT_SECONDS_MAX } from "./captcha/human-check.ts";
import { mailSettingsFrom } from "./mail/mail-settings.ts";
import { smsSettingsFrom } from "./phone/sms-settings.ts";
import { PASSWORD_FAILURE_CAP_MAX } from "./store/password-failures.ts";
import { requestLimitsPer10Minutes } from "./store/request-limits.ts";
import { DEFAULT_SENDING_BUDGETS as BUDGET, type SendingBudgetSettings, sendingBudgetsFrom } from "./store/sending-budget.ts";

const DEV_CLIENT_SECRET = "dev-portal-secret-change-me";
const DEV_COOKIE_KEYS = "dev-identity-cookie-key-1-change-me";
/** Seals authenticator-app secrets at rest in development only; outside it a key of one's own is required. */
const DEV_FACTOR_KEY = "dev-identity-factor-key-change-me-32-bytes-at-least";

/** Token signing keys: a new one every 90 days, published 48 hours before it signs (docs/operations.md, 'Signing keys'). */
export const SIGNING_KEY_DEFAULTS = { rotationDays: 90, publishAheadHours: 48 } as const;

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const count = wholeNumber(1, 1_000_000);
const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const stripTrailingSlash = (url: string) => url.replace(/\/$/, "");
/** A comma-separated list's entries, without blanks. */
const listOf = (value: string) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The sending budgets' variables (store/sending-budget.ts): each sets one budget, a count unless its range is given. */
const BUDGET_VARIABLES: Record<string, [keyof SendingBudgetSettings, z.ZodCoercedNumber?]> = {
  SEND_BUDGET_ACCOUNT_HOURLY: ["accountHourly"],
  SEND_BUDGET_ACCOUNT_DAILY: ["accountDaily"],
  SEND_BUDGET_NUMBER_HOURLY: ["numberHourly"],
  SEND_BUDGET_NUMBER_DAILY: ["numberDaily"],
  SEND_BUDGET_RECOVERY_NUMBER_HOURLY: ["recoveryNumberHourly"],
  SEND_BUDGET_RECOVERY_NUMBER_DAILY: ["recoveryNumberDaily"],
  SEND_BUDGET_ESTABLISHED_HOURLY: ["establishedHourly"],
  SEND_BUDGET_NEWCOMER_HOURLY: ["newcomerHourly"],
  SEND_BUDGET_RECOVERY_HOURLY: ["recoveryHourly"],
  SEND_BUDGET_SMS_HOURLY: ["smsHourly"],
  SEND_BUDGET_VOICE_HOURLY: ["voiceHourly"],
  SEND_BUDGET_RESERVED_PERCENT: ["reservedPercent", wholeNumber(0, 100)],
  // At most 30 days: throttle events older than that are pruned.
  SEND_NEWCOMER_HOURS: ["newcomerHours", wholeNumber(0, 720)],
  SEND_BUDGET_NEW_NUMBERS_DAILY: ["newNumbersDaily"],
  SEND_NEW_NUMBERS_BEFORE_CHECK: ["newNumbersBeforeCheck", wholeNumber(0, 1000)],
};

const envSchema = z.object({
  IDENTITY_PORT: wholeNumber(0, 65535).default(3001),
  IDENTITY_HOST: z.string().min(1).default("127.0.0.1"),
  IDENTITY_ISSUER: z.url().default("http://localhost:3001"),
  PORTAL_URL: z.url().default("http://localhost:3000"),
  PORTAL_CLIENT_ID: z.string().min(1).default("participant-portal"),
  PORTAL_CLIENT_SECRET: z.string().min(16).optional(),
  RESULTS_API_AUDIENCE: z.string().min(1).default("http://localhost:3002"),
  /** The results service, asked whether a withdrawal request exists before its receipt is e-mailed. */
  RESULTS_API_URL: z.url().default("http://localhost:3002"),
  IDENTITY_DATA_DIR: z.string().min(1).default(".data/identity"),
  DATABASE_URL: z.string().min(1).optional(),
  IDENTITY_COOKIE_KEYS: z.string().min(1).optional(),
  IDENTITY_FACTOR_KEY: z.string().min(32).optional(),
  REGISTRATION_ENABLED: booleanFlag.default(true),
  SELF_SERVICE_UNLOCK_ENABLED: booleanFlag.default(false),
  /** Demo data: seeded by default in development only; outside it only a file named here; empty: none (lib/deployment). */
  DEMO_PARTICIPANTS_FILE: z.string().optional(),
  RESULTS_LINK_ADMIN_TOKEN: z.string().min(16).optional(),
  CODE_RESEND_LOCK_SECONDS: wholeNumber(1, 600).default(30),
  HUMAN_CHECK_WAIT_SECONDS: wholeNumber(1, HUMAN_CHECK_WAIT_SECONDS_MAX).default(HUMAN_CHECK_WAIT_SECONDS),
  ...Object.fromEntries(Object.entries(BUDGET_VARIABLES).map(([name, [setting, range = count]]) => [name, range.default(BUDGET[setting])])),
  /** Consecutive wrong passwords per account before the password must be reset (NIST SP 800-63B-4: at most 100). */
  PASSWORD_FAILURE_CAP: wholeNumber(1, PASSWORD_FAILURE_CAP_MAX).default(PASSWORD_FAILURE_CAP_MAX),
  /** How long a phone change without the old number's code waits before it takes effect (cancellable meanwhile). */
  PHONE_CHANGE_COOLING_OFF_HOURS: wholeNumber(1, 720).default(72),
  /** Access tokens' lifetime (5 minutes: a revoked grant stops reading results that soon); shortened only by tests of renewal. */
  IDENTITY_ACCESS_TOKEN_TTL_SECONDS: wholeNumber(1, 3600).default(300),
  /** Proxies whose X-Forwarded-For is believed for per-address limits (proxy-addr syntax); none by default. */
  IDENTITY_TRUSTED_PROXIES: z.string().default(""),
  /** Per client address in 10 minutes: new authorization requests, and requests to the interaction pages. */
  IDENTITY_AUTHORIZATIONS_PER_ADDRESS: count.default(60),
  IDENTITY_INTERACTION_REQUESTS_PER_ADDRESS: count.default(600),
  /** Days a token signing key signs before the next one takes over. */
  IDENTITY_SIGNING_KEY_ROTATION_DAYS: wholeNumber(2, 3650).default(SIGNING_KEY_DEFAULTS.rotationDays),
  /** Hours a new signing key is published before it signs: at least the relying parties' key-set cache (the portal's is 24 h). */
  IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS: wholeNumber(24, 720).default(SIGNING_KEY_DEFAULTS.publishAheadHours),
});

/** Settings a caller of startIdentityService may leave out (tests): the service has a default for each, or does without. */
type OptionalSetting =
  | "issuer"
  | "resultsApiUrl"
  | "resultsLinkAdminToken"
  | "humanCheckWaitSeconds"
  | "passwordFailureCap"
  | "phoneChangeCoolingOffHours"
  | "accessTokenTtlSeconds"
  | "requestLimits"
  | "mail"
  | "sms"
  | "signingKeyRotationDays"
  | "signingKeyPublishAheadHours";

type LoadedConfig = ReturnType<typeof loadConfigFromEnv>;
export type IdentityConfig = Omit<LoadedConfig, OptionalSetting> & Partial<Pick<LoadedConfig, OptionalSetting>>;

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function loadConfigFromEnv(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid identity provider configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const environment = deploymentEnvironmentOf(env);
  const cookieKeys = listOf(e.IDENTITY_COOKIE_KEYS ?? "");
  const mail = mailSettingsFrom(environment, env);
  const sms = smsSettingsFrom(environment, env);
  const refusals = [
    ...secretProblems(
      environment,
      {
        PORTAL_CLIENT_SECRET: e.PORTAL_CLIENT_SECRET,
        IDENTITY_COOKIE_KEYS: cookieKeys,
        IDENTITY_FACTOR_KEY: e.IDENTITY_FACTOR_KEY,
      },
      { RESULTS_LINK_ADMIN_TOKEN: e.RESULTS_LINK_ADMIN_TOKEN },
    ),
    ...(env.SEND_BUDGET_CLIENT_HOURLY
      ? [
          "SEND_BUDGET_CLIENT_HOURLY: replaced by SEND_BUDGET_ESTABLISHED_HOURLY, SEND_BUDGET_NEWCOMER_HOURLY and SEND_BUDGET_RECOVERY_HOURLY",
        ]
      : []),
    ...mail.problems,
    ...sms.problems,
    ...(e.IDENTITY_SIGNING_KEY_ROTATION_DAYS * 24 <= e.IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS
      ? ["IDENTITY_SIGNING_KEY_ROTATION_DAYS must be longer than IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS"]
      : []),
  ];
  if (refusals.length) throw new Error(`Invalid identity provider configuration:\n  ${refusals.join("\n  ")}`);
  return {
    // Outside development (lib/deployment): development endpoints absent, secure cookies, HSTS.
    production: environment !== "development",
    port: e.IDENTITY_PORT,
    host: e.IDENTITY_HOST,
    issuer: stripTrailingSlash(e.IDENTITY_ISSUER),
    portalUrl: stripTrailingSlash(e.PORTAL_URL),
    portalClientId: e.PORTAL_CLIENT_ID,
    portalClientSecret: e.PORTAL_CLIENT_SECRET ?? DEV_CLIENT_SECRET,
    resultsApiAudience: e.RESULTS_API_AUDIENCE,
    resultsApiUrl: stripTrailingSlash(e.RESULTS_API_URL),
    dataDir: e.IDENTITY_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    cookieKeys: cookieKeys.length ? cookieKeys : [DEV_COOKIE_KEYS],
    // Seals authenticator-app secrets (AES-256-GCM) in the database.
    factorKey: e.IDENTITY_FACTOR_KEY ?? DEV_FACTOR_KEY,
    codeResendLockSeconds: e.CODE_RESEND_LOCK_SECONDS,
    humanCheckWaitSeconds: e.HUMAN_CHECK_WAIT_SECONDS,
    sendingBudgets: sendingBudgetsFrom({
      ...BUDGET,
      ...Object.fromEntries(Object.entries(BUDGET_VARIABLES).map(([name, [setting]]) => [setting, (e as Record<string, unknown>)[name]])),
    }),
    passwordFailureCap: e.PASSWORD_FAILURE_CAP,
    phoneChangeCoolingOffHours: e.PHONE_CHANGE_COOLING_OFF_HOURS,
    accessTokenTtlSeconds: e.IDENTITY_ACCESS_TOKEN_TTL_SECONDS,
    trustedProxies: listOf(e.IDENTITY_TRUSTED_PROXIES),
    requestLimits: requestLimitsPer10Minutes(e.IDENTITY_AUTHORIZATIONS_PER_ADDRESS, e.IDENTITY_INTERACTION_REQUESTS_PER_ADDRESS),
    registrationEnabled: e.REGISTRATION_ENABLED,
    selfServiceUnlockEnabled: e.SELF_SERVICE_UNLOCK_ENABLED,
    demoParticipantsFile: demoParticipantsFileFor(environment, e.DEMO_PARTICIPANTS_FILE),
    resultsLinkAdminToken: e.RESULTS_LINK_ADMIN_TOKEN,
    ...(mail.settings ? { mail: mail.settings } : {}),
    ...(sms.settings ? { sms: sms.settings } : {}),
    signingKeyRotationDays: e.IDENTITY_SIGNING_KEY_ROTATION_DAYS,
    signingKeyPublishAheadHours: e.IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS,
  };
}
