import { describe, expect, it } from "vitest";
import { isSameOrigin } from "../../../lib/http/same-origin.ts";

const portalOrigin = "https://portal.example";

describe("the same-origin rule", () => {
  it("decides by Origin when the browser sends one", () => {
    expect(isSameOrigin(portalOrigin, null, { portalOrigin })).toBe(true);
    expect(isSameOrigin("https://attacker.example", "same-origin", { portalOrigin })).toBe(false);
    expect(isSameOrigin("null", null, { portalOrigin })).toBe(false);
    expect(isSameOrigin("https://portal.example.attacker.example", null, { portalOrigin })).toBe(false);
    expect(isSameOrigin("http://portal.example", null, { portalOrigin })).toBe(false);
  });

  it("falls back to Sec-Fetch-Site: same-origin and a typed address pass, cross-site and same-site do not", () => {
    expect(isSameOrigin(null, "same-origin", { portalOrigin })).toBe(true);
    expect(isSameOrigin(null, "none", { portalOrigin })).toBe(true);
    expect(isSameOrigin(null, "cross-site", { portalOrigin })).toBe(false);
    expect(isSameOrigin(undefined, "same-site", { portalOrigin })).toBe(false);
  });

  it("lets a client with neither header through (curl), unless the request must come from a portal page", () => {
    expect(isSameOrigin(null, null, { portalOrigin })).toBe(true);
    expect(isSameOrigin(null, null, { portalOrigin, requirePortalPage: true })).toBe(false);
    expect(isSameOrigin(null, "none", { portalOrigin, requirePortalPage: true })).toBe(false);
    expect(isSameOrigin(null, "same-origin", { portalOrigin, requirePortalPage: true })).toBe(true);
    expect(isSameOrigin(portalOrigin, null, { portalOrigin, requirePortalPage: true })).toBe(true);
  });
});
