import { describe, expect, it } from "vitest";
import { explainRefusal } from "~/domain/results-link-refusal";
import en from "~/locales/en/auth.json";
import es from "~/locales/es/auth.json";

function text(catalog: Record<string, unknown>, key: string | null): string | undefined {
  if (!key) return undefined;
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog) as
    string | undefined;
}

describe("why a results link was not opened", () => {
  it("says in a participant's words that a link without its token is incomplete, and what to do", () => {
    const missing = explainRefusal({ kind: "token", failure: "missing" });
    expect(text(en, missing.messageKey)).toBe("This link is missing the part that opens your results.");
    expect(text(es, missing.messageKey)).toBe("A este enlace le falta la parte que abre sus resultados.");
    expect(text(en, missing.helpKey)).toBe("Open the link from your results e-mail again, or sign in to see your results.");
    expect(missing.status).toBe(400);
    for (const failure of ["missingUserId", "missingIssuer"] as const) {
      const explained = explainRefusal({ kind: "token", failure });
      expect(text(en, explained.messageKey)).toBe("This is not a valid results link.");
      expect(explained.status).toBe(400);
    }
  });

  it("never shows a library's message: every failed check of a token reads as an invalid link", () => {
    const refusals = [
      { kind: "token", failure: "malformed" },
      { kind: "token", failure: "notResultsLink" },
      ...(["malformedToken", "keyNotFound", "signatureInvalid", "issuerMismatch", "audienceMismatch", "issuedInFuture"] as const).map(
        (code) => ({ kind: "flow", code }) as const,
      ),
    ] as const;
    for (const refusal of refusals) {
      const explained = explainRefusal(refusal);
      expect(text(en, explained.messageKey)).toBe("This is not a valid results link.");
      expect(text(es, explained.messageKey)).toBe("Este no es un enlace de resultados válido.");
      expect(explained.status).toBeGreaterThanOrEqual(400);
      expect(explained.status).toBeLessThan(500);
    }
  });

  it("says a link expired only when it did", () => {
    const expired = explainRefusal({ kind: "flow", code: "expired" });
    expect(text(en, expired.messageKey)).toBe("This results link has expired.");
    expect(text(es, expired.messageKey)).toBe("Este enlace de resultados ha expirado.");
    expect(expired.status).toBe(401);
  });

  it("answers 503 with a plain message when the link cannot be checked", () => {
    for (const refusal of [{ kind: "unavailable" }, { kind: "flow", code: "unknown" }] as const) {
      const explained = explainRefusal(refusal);
      expect(explained.status).toBe(503);
      expect(text(en, explained.messageKey)).toMatch(/^We cannot check results links right now/);
    }
  });

  it("has every message and help text in both languages", () => {
    const keys = [
      ...(["missing", "missingUserId", "missingIssuer", "malformed", "notResultsLink"] as const).map((failure) =>
        explainRefusal({ kind: "token", failure }),
      ),
      explainRefusal({ kind: "flow", code: "expired" }),
      explainRefusal({ kind: "unavailable" }),
    ].flatMap((explained) => [explained.messageKey, explained.helpKey]);
    for (const key of keys.filter(Boolean)) {
      expect(text(en, key), key!).toBeTypeOf("string");
      expect(text(es, key), key!).toBeTypeOf("string");
    }
  });
});
