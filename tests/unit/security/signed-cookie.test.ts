import { describe, expect, it } from "vitest";
import { sessionCookie } from "~/services/session-cookie.server";

/** `name=value` of a Set-Cookie header, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("the session cookie", () => {
  it("reads back the session id it carries, as an httpOnly, SameSite=Lax cookie", async () => {
    const header = await sessionCookie.serialize("session-of-ada");
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(await sessionCookie.parse(sentBack(header))).toBe("session-of-ada");
  });

  it("reads as no session when its value was changed in the browser", async () => {
    const [name, signed] = sentBack(await sessionCookie.serialize("session-of-ada")).split("=") as [string, string];
    const [, signature] = decodeURIComponent(signed).split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify("session-of-bruno")).toString("base64");
    expect(await sessionCookie.parse(`${name}=${encodeURIComponent(`${forged}.${signature}`)}`)).toBeNull();
    expect(await sessionCookie.parse(`${name}=${encodeURIComponent(forged)}`)).toBeNull();
  });
});
