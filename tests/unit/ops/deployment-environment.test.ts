import { describe, expect, it } from "vitest";
import {
  cookieDomainForHost,
  environmentForHost,
  environmentPolicy,
  type DeploymentEnvironment,
} from "../../../lib/deployment/environment.ts";

describe("environmentForHost (SPEC.md §9)", () => {
  it.each([
    ["localhost", "development"],
    ["LOCALHOST", "development"],
    ["127.0.0.1", "development"],
    ["::1", "development"],
    ["[::1]", "development"],
    ["portal.localhost", "development"],
    ["192.168.1.20", "development"],
    ["portal.dev.example.com", "development"],
    ["dev-portal.example.com", "development"],
    ["portal-dev.example.com", "development"],
    ["portal.staging.example.com", "staging"],
    ["staging-portal.example.com", "staging"],
    ["portal.stg.example.com", "staging"],
    ["portal.regulated-test.example.com", "regulated-test"],
    ["portal.regtest.example.com", "regulated-test"],
    ["portal.example.com", "production"],
    ["developer.example.com", "production"],
    ["devices.example.com", "production"],
    ["10.0.0.5", "production"],
    ["192.169.0.1", "production"],
  ] as const)("%s is %s", (host, expected) => {
    expect(environmentForHost(host)).toBe(expected);
  });
});

function policyFor(environment: DeploymentEnvironment, extra: Partial<Parameters<typeof environmentPolicy>[0]> = {}) {
  return environmentPolicy({ environment, portalHost: "portal.example.com", ...extra });
}

describe("environmentPolicy", () => {
  it("makes cookies Secure everywhere except development", () => {
    expect(policyFor("development").cookie.secure).toBe(false);
    expect(policyFor("staging").cookie.secure).toBe(true);
    expect(policyFor("regulated-test").cookie.secure).toBe(true);
    expect(policyFor("production").cookie.secure).toBe(true);
  });

  it("sets the cookie domain only in staging and production, from COOKIE_DOMAIN or the portal host", () => {
    expect(policyFor("development").cookie).not.toHaveProperty("domain");
    expect(policyFor("regulated-test").cookie).not.toHaveProperty("domain");
    expect(policyFor("development", { cookieDomain: "example.com" }).cookie).not.toHaveProperty("domain");
    expect(policyFor("staging").cookie.domain).toBe("portal.example.com");
    expect(policyFor("production").cookie.domain).toBe("portal.example.com");
    expect(policyFor("production", { cookieDomain: "example.com" }).cookie.domain).toBe("example.com");
  });

  it("leaves cookies host-only when the portal host cannot carry a domain", () => {
    expect(policyFor("production", { portalHost: "10.1.2.3" }).cookie).toEqual({ secure: true });
    expect(policyFor("production", { portalHost: "intranet" }).cookie).toEqual({ secure: true });
  });

  it("turns useHeapIdentify on outside production unless overridden", () => {
    expect(policyFor("development").useHeapIdentify).toBe(true);
    expect(policyFor("staging").useHeapIdentify).toBe(true);
    expect(policyFor("regulated-test").useHeapIdentify).toBe(true);
    expect(policyFor("production").useHeapIdentify).toBe(false);
    expect(policyFor("production", { useHeapIdentify: true }).useHeapIdentify).toBe(true);
    expect(policyFor("development", { useHeapIdentify: false }).useHeapIdentify).toBe(false);
  });

  it("reports errors only in production and staging unless overridden", () => {
    expect(policyFor("development").errorReportingEnabled).toBe(false);
    expect(policyFor("regulated-test").errorReportingEnabled).toBe(false);
    expect(policyFor("staging").errorReportingEnabled).toBe(true);
    expect(policyFor("production").errorReportingEnabled).toBe(true);
    expect(policyFor("development", { errorReportingEnabled: true }).errorReportingEnabled).toBe(true);
    expect(policyFor("production", { errorReportingEnabled: false }).errorReportingEnabled).toBe(false);
  });
});

describe("cookieDomainForHost", () => {
  it("accepts registrable names and refuses addresses and single labels", () => {
    expect(cookieDomainForHost("Portal.Example.com.")).toBe("portal.example.com");
    expect(cookieDomainForHost("192.168.0.1")).toBeUndefined();
    expect(cookieDomainForHost("[2001:db8::1]")).toBeUndefined();
    expect(cookieDomainForHost("localhost")).toBeUndefined();
  });
});
