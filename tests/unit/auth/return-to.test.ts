import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/domain/return-to";

describe("safeReturnTo: only same-origin paths are returned to", () => {
  it.each([
    ["/", "/"],
    ["/profile/security", "/profile/security"],
    ["/?timeline=open#steps", "/?timeline=open#steps"],
    ["/a/../profile", "/profile"],
  ])("keeps %s", (candidate, expected) => expect(safeReturnTo(candidate)).toBe(expected));

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "profile",
    "",
    "/\u0000x",
    "/\nLocation: x",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (candidate) => expect(safeReturnTo(candidate)).toBe("/"));

  it("refuses anything that is not a string", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(42)).toBe("/");
    expect(safeReturnTo(["/profile"])).toBe("/");
  });
});
