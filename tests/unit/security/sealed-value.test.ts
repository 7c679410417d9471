import { describe, expect, it } from "vitest";
import { isSealed, seal, unseal } from "~/services/sealed-value.server";

const SECRET = "a-test-session-secret-of-at-least-32-characters";
const ROW = "row-id-hash-A";
const TOKEN = "refresh-token-value-Zq8vN3rT5wX2yB7c";

describe("sealed values", () => {
  it("open in the row, for the purpose and under the secret they were sealed with", () => {
    const sealed = seal(TOKEN, "refresh-token", ROW, SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(TOKEN);
    expect(unseal(sealed, "refresh-token", ROW, SECRET)).toBe(TOKEN);
  });

  it("carry a fresh IV each time: the same value sealed twice looks different", () => {
    expect(seal(TOKEN, "refresh-token", ROW, SECRET)).not.toBe(seal(TOKEN, "refresh-token", ROW, SECRET));
  });

  it("do not open in another row, for another purpose, under another secret, or altered", () => {
    const sealed = seal(TOKEN, "refresh-token", ROW, SECRET);
    expect(unseal(sealed, "refresh-token", "row-id-hash-B", SECRET)).toBeNull();
    expect(unseal(sealed, "access-token", ROW, SECRET)).toBeNull();
    expect(unseal(sealed, "refresh-token", ROW, `${SECRET}-rotated`)).toBeNull();
    const body = sealed.slice("sealed.v1.".length);
    const flipped = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(unseal(`sealed.v1.${flipped}`, "refresh-token", ROW, SECRET)).toBeNull();
    expect(unseal(`sealed.v1.${body.slice(0, -2)}`, "refresh-token", ROW, SECRET)).toBeNull();
    expect(unseal("sealed.v1.", "refresh-token", ROW, SECRET)).toBeNull();
  });

  it("pass a value stored in clear before sealing through as it is", () => {
    expect(isSealed(TOKEN)).toBe(false);
    expect(unseal(TOKEN, "refresh-token", ROW, SECRET)).toBe(TOKEN);
  });
});
