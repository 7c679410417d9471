import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

// Outside development the portal's cookies must be Secure; the modules read the environment once,
// when first imported, so it is set before the import.
let cookies: typeof import("~/services/session-cookie.server");

beforeAll(async () => {
  Object.assign(process.env, {
    PORTAL_URL: "https://portal.example.org",
    PORTAL_ENVIRONMENT: "production",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    IDP_CLIENT_SECRET: randomBytes(32).toString("base64url"),
  });
  cookies = await import("~/services/session-cookie.server");
});

describe("cookies outside development", () => {
  it("the session cookie is Secure, HttpOnly and SameSite=Lax", async () => {
    const header = await cookies.sessionCookie.serialize("x".repeat(64));
    expect(header).toMatch(/;\s*Secure/i);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Lax/i);
  });

  it("the return-path cookie is Secure, HttpOnly and SameSite=Lax", async () => {
    const header = await cookies.returnToCookie.serialize("/profile/overview");
    expect(header).toMatch(/;\s*Secure/i);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Lax/i);
  });
});
