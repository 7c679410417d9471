import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

async function cookieSecurityWith(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  const { cookieSecurity } = await import("~/services/cookie-security.server");
  return cookieSecurity();
}

const secrets = { SESSION_SECRET: randomBytes(32).toString("base64url"), IDP_CLIENT_SECRET: randomBytes(32).toString("base64url") };

describe("cookieSecurity() as the portal's cookies use it", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is not Secure and has no domain on localhost", async () => {
    expect(await cookieSecurityWith({ PORTAL_URL: "http://localhost:3000" })).toEqual({ secure: false });
  });

  it("is Secure with the portal host as domain in production", async () => {
    expect(await cookieSecurityWith({ ...secrets, PORTAL_URL: "https://portal.example.com" })).toEqual({
      secure: true,
      domain: "portal.example.com",
    });
  });

  it("uses COOKIE_DOMAIN in staging", async () => {
    expect(
      await cookieSecurityWith({ ...secrets, PORTAL_URL: "https://portal.staging.example.com", COOKIE_DOMAIN: "staging.example.com" }),
    ).toEqual({ secure: true, domain: "staging.example.com" });
  });

  it("is Secure without domain in regulated-test, and PORTAL_ENVIRONMENT overrides the host", async () => {
    expect(await cookieSecurityWith({ ...secrets, PORTAL_URL: "https://portal.regtest.example.com" })).toEqual({ secure: true });
    expect(await cookieSecurityWith({ ...secrets, PORTAL_URL: "http://localhost:3000", PORTAL_ENVIRONMENT: "regulated-test" })).toEqual({
      secure: true,
    });
  });
});
