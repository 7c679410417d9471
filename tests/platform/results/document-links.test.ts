import { describe, expect, it } from "vitest";
import { createDocumentLinkSigner } from "../../../platform/results/document-links.ts";

const signer = createDocumentLinkSigner("a-test-secret-that-is-long-enough-000", 900);
const now = 1_800_000_000;

function parts(link: string) {
  const url = new URL(link, "http://x.test");
  return { pathname: url.pathname, expires: url.searchParams.get("expires"), signature: url.searchParams.get("signature") };
}

describe("document link signer", () => {
  it("signs a link that verifies until it expires", () => {
    const { pathname, expires, signature } = parts(signer.pathFor("P1001", "app-1", now, "en"));
    expect(pathname).toBe("/documents/P1001/app-1");
    expect(expires).toBe(String(now + 900));
    expect(signer.verify("P1001", "app-1", "en", expires, signature, now)).toBe("valid");
    expect(signer.verify("P1001", "app-1", "en", expires, signature, now + 900)).toBe("valid");
    expect(signer.verify("P1001", "app-1", "en", expires, signature, now + 901)).toBe("expired");
  });

  it("binds the signature to the user, the app, the language, the expiry and the secret", () => {
    const { expires, signature } = parts(signer.pathFor("P1001", "app-1", now, "en"));
    expect(signer.verify("P1001", "app-1", "es", expires, signature, now)).toBe("invalid");
    expect(signer.verify("P1002", "app-1", "en", expires, signature, now)).toBe("invalid");
    expect(signer.verify("P1001", "app-2", "en", expires, signature, now)).toBe("invalid");
    expect(signer.verify("P1001", "app-1", "en", String(now + 5000), signature, now)).toBe("invalid");
    const otherSecret = createDocumentLinkSigner("another-secret-that-is-long-enough-11", 900);
    expect(otherSecret.verify("P1001", "app-1", "en", expires, signature, now)).toBe("invalid");
  });

  it("treats missing or malformed parts as invalid", () => {
    const { expires, signature } = parts(signer.pathFor("P1001", "app-1", now, "en"));
    expect(signer.verify("P1001", "app-1", "en", null, signature, now)).toBe("invalid");
    expect(signer.verify("P1001", "app-1", "en", expires, null, now)).toBe("invalid");
    expect(signer.verify("P1001", "app-1", "en", "12abc", signature, now)).toBe("invalid");
    expect(signer.verify("P1001", "app-1", "en", expires, "short", now)).toBe("invalid");
  });

  it("escapes path segments", () => {
    expect(parts(signer.pathFor("P 1/2", "a?b", now, "en")).pathname).toBe("/documents/P%201%2F2/a%3Fb");
  });
});
