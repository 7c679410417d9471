import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import { resultsConfigFromEnv } from "../../../platform/results/config.ts";

/**
 * The demo participants have published passwords, authenticator keys and recovery codes: they are
 * seeded by default in development only. Outside it nothing is seeded unless DEMO_PARTICIPANTS_FILE
 * names a file; set empty, nothing is seeded anywhere.
 */
const DEMO_FILE = "platform/demo/participants.json";
const strong = () => randomBytes(32).toString("base64url");
const environments = {
  development: {},
  staging: { PORTAL_URL: "https://portal.staging.example.org" },
  "regulated-test": { PORTAL_ENVIRONMENT: "regulated-test" },
  // The results service, a reference implementation, asks for its word in production; the identity service does not.
  production: { PORTAL_ENVIRONMENT: "production", ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true" },
} as const;
// Outside development the identity provider also needs to be told how e-mail leaves it.
const identitySecrets = () => ({
  PORTAL_CLIENT_SECRET: strong(),
  IDENTITY_COOKIE_KEYS: strong(),
  IDENTITY_FACTOR_KEY: strong(),
  MAIL_TRANSPORT: "outbox-only",
  SMS_TRANSPORT: "outbox-only",
});

const identitySeeds = (env: Record<string, string>) => loadConfigFromEnv({ ...identitySecrets(), ...env }).demoParticipantsFile;
const resultsSeeds = (env: Record<string, string>) => resultsConfigFromEnv(env).demoParticipantsFile;

describe.each([
  ["identity provider", identitySeeds],
  ["results service", resultsSeeds],
] as const)("demo participants in the %s", (_service, seeds) => {
  it("are seeded by default in development", () => {
    expect(seeds(environments.development)).toBe(DEMO_FILE);
  });

  it.each(["staging", "regulated-test", "production"] as const)("are not seeded by default in %s", (environment) => {
    expect(seeds(environments[environment])).toBeUndefined();
  });

  it.each(["development", "production"] as const)("are seeded in %s when DEMO_PARTICIPANTS_FILE names a file", (environment) => {
    expect(seeds({ ...environments[environment], DEMO_PARTICIPANTS_FILE: "fixtures/participants.json" })).toBe(
      "fixtures/participants.json",
    );
  });

  it.each(["development", "production"] as const)("are not seeded in %s when DEMO_PARTICIPANTS_FILE is set empty", (environment) => {
    expect(seeds({ ...environments[environment], DEMO_PARTICIPANTS_FILE: "" })).toBeUndefined();
    expect(seeds({ ...environments[environment], DEMO_PARTICIPANTS_FILE: "  " })).toBeUndefined();
  });
});
