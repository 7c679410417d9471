import { describe, expect, it } from "vitest";
import { freshNonce } from "../../../server/middleware/csp-nonce.ts";

describe("the CSP nonce of each response", () => {
  it("is 16 random bytes, base64, and never repeats across many draws of the pool", () => {
    const nonces = Array.from({ length: 5_000 }, () => freshNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
