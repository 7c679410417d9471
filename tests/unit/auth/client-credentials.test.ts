import { describe, expect, it } from "vitest";
import { clientBasicAuthorization, formEncoded } from "~/domain/client-credentials";

/** How an OAuth 2.0 provider reads Basic client credentials (RFC 6749 §2.3.1): split at ':', then form-decode each. */
function asTheProviderReadsIt(header: string) {
  const decoded = Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8");
  const [id = "", secret = ""] = decoded.split(":");
  const formDecoded = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));
  return { id: formDecoded(id), secret: formDecoded(secret), parts: decoded.split(":").length };
}

describe("the portal's client credentials in Basic authentication", () => {
  it("reach the provider as they are, whatever characters the secret has", () => {
    for (const secret of ["q7+Vd/Xk2%3A:Lm9+Tz/Rw4%Hb:Np6=", "a b+c", "100%", "x:y:z", "ümlaut/é+", "plain-secret"]) {
      const read = asTheProviderReadsIt(clientBasicAuthorization("participant-portal", secret));
      expect(read).toEqual({ id: "participant-portal", secret, parts: 2 });
    }
  });

  it("form-encode: a space as '+', every reserved character escaped, unreserved ones kept", () => {
    expect(formEncoded("a b+c/d%e:f")).toBe("a+b%2Bc%2Fd%25e%3Af");
    expect(formEncoded("participant-portal_1.*")).toBe("participant-portal_1.*");
  });
});
