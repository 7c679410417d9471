import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Report links open in a new browser tab, where no bearer token can be sent; the link itself carries
 * the permission: an expiry and an HMAC over (user, app, language, expiry) that only this service can make.
 */
export interface DocumentLinkSigner {
  pathFor(userId: string, appId: string, nowSeconds: number, language: string): string;
  verify(
    userId: string,
    appId: string,
    language: string,
    expires: string | null,
    signature: string | null,
    nowSeconds: number,
  ): DocumentLinkCheck;
}

export type DocumentLinkCheck = "valid" | "invalid" | "expired";

export function createDocumentLinkSigner(secret: string, ttlSeconds: number): DocumentLinkSigner {
  const sign = (userId: string, appId: string, language: string, expires: number) =>
    createHmac("sha256", secret)
      .update(JSON.stringify(["report-document", userId, appId, language, expires]))
      .digest("base64url");

  return {
    pathFor(userId, appId, nowSeconds, language) {
      const expires = nowSeconds + ttlSeconds;
      const query = new URLSearchParams({ lang: language, expires: String(expires), signature: sign(userId, appId, language, expires) });
      return `/documents/${encodeURIComponent(userId)}/${encodeURIComponent(appId)}?${query}`;
    },
    verify(userId, appId, language, expires, signature, nowSeconds) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
      const expected = Buffer.from(sign(userId, appId, language, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return Number(expires) < nowSeconds ? "expired" : "valid";
    },
  };
}
