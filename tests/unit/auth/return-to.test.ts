import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/domain/return-to";

const PORTAL = "https://portal.example";

/** Where a browser lands when it follows `Location: <value>` from a portal page. */
function destination(location: string): URL {
  return new URL(location, `${PORTAL}/profile/security`);
}

const pathPieces = fc.constantFrom(
  "/",
  "//",
  "/..",
  "/.",
  "..",
  ".",
  "\\",
  "%2e",
  "%2F",
  "%5C",
  "evil.test",
  "x",
  "?",
  "#",
  "@",
  ":",
  "\t",
  "%00",
);

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
    "/x/..//evil.test",
    "/x/../..//evil.test",
    "/./..//evil.test/path",
    "/x/..\\/evil.test",
  ])("refuses %j", (candidate) => expect(safeReturnTo(candidate)).toBe("/"));

  it("refuses a path longer than 2048 characters", () => expect(safeReturnTo(`/${"a".repeat(3000)}`)).toBe("/"));

  it("refuses anything that is not a string", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(42)).toBe("/");
    expect(safeReturnTo(["/profile"])).toBe("/");
  });

  it("whatever it is given, following the answer stays on the portal", () => {
    const candidates = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(pathPieces, { maxLength: 8 }).map((pieces) => `/${pieces.join("")}`),
    );
    fc.assert(
      fc.property(candidates, (candidate) => {
        const answer = safeReturnTo(candidate);
        expect(answer.startsWith("/")).toBe(true);
        expect(destination(answer).origin).toBe(PORTAL);
      }),
      { numRuns: 2000 },
    );
  });

  it("the answer is already resolved: resolving it again changes nothing", () => {
    fc.assert(
      fc.property(fc.array(pathPieces, { maxLength: 8 }), (pieces) => {
        const answer = safeReturnTo(`/${pieces.join("")}`);
        expect(safeReturnTo(answer)).toBe(answer);
      }),
      { numRuns: 2000 },
    );
  });
});
