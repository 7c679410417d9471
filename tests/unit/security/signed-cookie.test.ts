import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "~/services/signed-cookie.server";

const SECRET = "a-test-session-secret-of-at-least-32-characters";
const OLD_SECRET = "the-secret-before-rotation-of-at-least-32-chars";
const options = { httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] } as const;
const VALUE = { id: "kQ3-session", notes: ["Señora Núñez ✓", "a=b; c"] };

/** `name=value` of a Set-Cookie header, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("signed cookies", () => {
  it("read what they wrote, with the attributes asked for", async () => {
    const cookie = createSignedCookie("portal_flash", { ...options, maxAge: 60, secure: true });
    const header = await cookie.serialize(VALUE);
    expect(header).toMatch(/^portal_flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(header).not.toContain("Señora");
    expect(await cookie.parse(sentBack(header))).toEqual(VALUE);
  });

  it("read React Router's signed cookies, and React Router reads theirs: sessions survive the change", async () => {
    const ours = createSignedCookie("portal_session", options);
    const reactRouters = createCookie("portal_session", { ...options, secrets: [SECRET] });
    expect(await ours.parse(sentBack(await reactRouters.serialize(VALUE)))).toEqual(VALUE);
    expect(await reactRouters.parse(sentBack(await ours.serialize(VALUE)))).toEqual(VALUE);
    expect(await ours.serialize("x".repeat(43))).toBe(await reactRouters.serialize("x".repeat(43)));
  });

  it("refuse a value changed in the browser or signed with another secret", async () => {
    const cookie = createSignedCookie("portal_session", options);
    const [name, signed] = sentBack(await cookie.serialize("session-of-ada")).split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(signed).split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify("session-of-bruno")).toString("base64");
    expect(await cookie.parse(`${name}=${encodeURIComponent(`${forged}.${signature}`)}`)).toBeNull();
    expect(await cookie.parse(`${name}=${encodeURIComponent(payload)}`)).toBeNull();
    const otherSecret = createSignedCookie("portal_session", { ...options, secrets: ["another-secret-of-at-least-32-characters!"] });
    expect(await otherSecret.parse(`${name}=${signed}`)).toBeNull();
  });

  it("still read cookies signed with an earlier secret while it is listed after the new one", async () => {
    const before = createSignedCookie("portal_session", { ...options, secrets: [OLD_SECRET] });
    const after = createSignedCookie("portal_session", { ...options, secrets: [SECRET, OLD_SECRET] });
    const header = sentBack(await before.serialize("session-of-ada"));
    expect(await after.parse(header)).toBe("session-of-ada");
    expect(await after.serialize("session-of-ada")).toBe(await createSignedCookie("portal_session", options).serialize("session-of-ada"));
  });

  it("tell an absent cookie (null) from an emptied one ('') and ignore other cookies", async () => {
    const cookie = createSignedCookie("portal_session", options);
    expect(await cookie.parse(null)).toBeNull();
    expect(await cookie.parse("lang=es; other=1")).toBeNull();
    expect(await cookie.parse("portal_session=; lang=es")).toBe("");
    expect(await cookie.serialize("", { maxAge: 0, expires: new Date(0) })).toBe(
      "portal_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax",
    );
  });
});
