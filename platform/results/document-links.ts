import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Report links open in a new browser tab, where no bearer token can be sent; the link itself carries
 * the permission: an expiry and an HMAC over (user, app, language, expiry) that only this service can
 * make, and for raw data a single-use id (`once`) under the same HMAC.
 */
export interface DocumentLinkSigner {
  pathFor(userId: string, appId: string, nowSeconds: number, language: string, once?: string): string;
  verify(
    userId: string,
    appId: string,
    language: string,
    expires: string | null,
    signature: string | null,
    nowSeconds: number,
    once?: string | null,
  ): DocumentLinkCheck;
}

export type DocumentLinkCheck = "valid" | "invalid" | "expired";

export function createDocumentLinkSigner(secret: string, ttlSeconds: number): DocumentLinkSigner {
  const sign = (userId: string, appId: string, language: string, expires: number, once: string | null) =>
    createHmac("sha256", secret)
      .update(
        JSON.stringify(
          once ? ["report-document", userId, appId, language, expires, once] : ["report-document", userId, appId, language, expires],
        ),
      )
      .digest("base64url");

  return {
    pathFor(userId, appId, nowSeconds, language, once) {
      const expires = nowSeconds + ttlSeconds;
      const query = new URLSearchParams({
        lang: language,
        expires: String(expires),
        ...(once ? { once } : {}),
        signature: sign(userId, appId, language, expires, once ?? null),
      });
      return `/documents/${encodeURIComponent(userId)}/${encodeURIComponent(appId)}?${query}`;
    },
    verify(userId, appId, language, expires, signature, nowSeconds, once = null) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
      const expected = Buffer.from(sign(userId, appId, language, Number(expires), once));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return Number(expires) < nowSeconds ? "expired" : "valid";
    },
  };
}
