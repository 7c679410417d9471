import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Report links open in a new browser tab, where no bearer token can be sent; the link itself carries
 * the permission: an expiry and an HMAC over (user, app, language, expiry, and an earlier version when one is named) that only this service can
 * make, and for raw data a single-use id (`once`) under the same HMAC.
 */
export function createDocumentLinkSigner(secret: string, ttlSeconds: number) {
  // An earlier version of a report is named under the same HMAC; the newest is signed as it always was.
  const sign = (userId: string, appId: string, language: string, expires: number, once: string | null, version?: number) =>
    createHmac("sha256", secret)
      .update(
        JSON.stringify([
          "report-document",
          userId,
          appId,
          language,
          expires,
          ...(once ? [once] : []),
          ...(version === undefined ? [] : [{ version }]),
        ]),
      )
      .digest("base64url");

  return {
    pathFor(userId: string, appId: string, nowSeconds: number, language: string, once?: string, version?: number): string {
      const expires = nowSeconds + ttlSeconds;
      const query = new URLSearchParams({
        lang: language,
        expires: String(expires),
        ...(once ? { once } : {}),
        ...(version === undefined ? {} : { version: String(version) }),
        signature: sign(userId, appId, language, expires, once ?? null, version),
      });
      return `/documents/${encodeURIComponent(userId)}/${encodeURIComponent(appId)}?${query}`;
    },
    verify(
      userId: string,
      appId: string,
      language: string,
      expires: string | null,
      signature: string | null,
      nowSeconds: number,
      once: string | null = null,
      version?: number,
    ): "valid" | "invalid" | "expired" {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
      const expected = Buffer.from(sign(userId, appId, language, Number(expires), once, version));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return Number(expires) < nowSeconds ? "expired" : "valid";
    },
  };
}

export type DocumentLinkSigner = ReturnType<typeof createDocumentLinkSigner>;
