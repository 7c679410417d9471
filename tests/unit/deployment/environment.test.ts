import { describe, expect, it } from "vitest";
import { deploymentEnvironmentOf, referenceResultsProblems, secretProblems } from "../../../lib/deployment/environment.ts";

describe("one environment rule for every process", () => {
  it("PORTAL_ENVIRONMENT wins; otherwise the portal's host decides", () => {
    expect(deploymentEnvironmentOf({})).toBe("development");
    expect(deploymentEnvironmentOf({ PORTAL_ENVIRONMENT: "production" })).toBe("production");
    expect(deploymentEnvironmentOf({ PORTAL_URL: "https://portal.example.com" })).toBe("production");
    expect(deploymentEnvironmentOf({ PORTAL_URL: "https://portal.staging.example.com" })).toBe("staging");
    expect(deploymentEnvironmentOf({ PORTAL_URL: "https://portal.example.com", PORTAL_ENVIRONMENT: "development" })).toBe("development");
    expect(() => deploymentEnvironmentOf({ PORTAL_ENVIRONMENT: "prod" })).toThrow(/PORTAL_ENVIRONMENT/);
  });

  it("outside development every secret must be set and none may be a published development value or weak", () => {
    expect(secretProblems("development", { SESSION_SECRET: undefined })).toEqual([]);
    expect(secretProblems("production", { SESSION_SECRET: undefined })).toEqual(["SESSION_SECRET is required outside development"]);
    expect(secretProblems("staging", { IDP_CLIENT_SECRET: "dev-portal-secret-change-me" })).toEqual([
      "IDP_CLIENT_SECRET is a published development value; set a secret of your own",
    ]);
    expect(
      secretProblems("production", { IDENTITY_COOKIE_KEYS: ["kP3v9QzL1xW7mR2tY8bN4cJ6hF0dS5gA", "dev-identity-cookie-key-1-change-me"] }),
    ).toEqual(["IDENTITY_COOKIE_KEYS (key 2 of 2) is a published development value; set a secret of your own"]);
    expect(secretProblems("production", { SESSION_SECRET: "a-long-secret-of-our-own-0123456789" })).toHaveLength(1);
    expect(secretProblems("production", { SESSION_SECRET: "kP3v9QzL1xW7mR2tY8bN4cJ6hF0dS5gAe1Uo" })).toEqual([]);
  });

  it("the reference results service starts in production only when told to", () => {
    expect(referenceResultsProblems("production", {})).toEqual([expect.stringContaining("ALLOW_REFERENCE_RESULTS_IN_PRODUCTION=true")]);
    expect(referenceResultsProblems("production", { ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true" })).toEqual([]);
    expect(referenceResultsProblems("staging", {})).toEqual([]);
  });
});
