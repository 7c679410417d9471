import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * The secrets of a share: a short code a clinician can type, a long link, and the clinician's access
 * once the date of birth matched. Only keyed hashes are stored; the clear values are shown once.
 */

/** Letters and digits nobody misreads on a phone call (no 0/O, 1/I/L): 31 symbols. */
const READABLE = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `length` random symbols that can be read aloud (share codes, relative codes, withdrawal references). */
export const readableSymbols = (length: number) => Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join("");

/** 'K7M2Q-XP9DR': ten symbols (about 49.5 bits), grouped to be read aloud. */
export function newShareCode(): string {
  const symbols = readableSymbols(10);
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** What a clinician typed, in the stored form: upper case, without spaces or dashes. */
export function normalizedCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/** 256 random bits, URL-safe: a share's link, or a clinician's access. */
export const newLongSecret = () => randomBytes(32).toString("base64url");

export function createShareHasher(secret: string) {
  const key = createHmac("sha256", secret).update("report-shares").digest();
  const mac = (value: string) => createHmac("sha256", key).update(value).digest();
  const sealKey = createHmac("sha256", secret).update("report-share-requests").digest();
  return {
    /** A new share's code and link kept for a retry of the request that created it: AES-256-GCM, bound to that request. */
    seal(plain: string, boundTo: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealKey, iv).setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    /** The sealed value, or null when it was sealed for another request or altered. */
    unseal(sealed: string, boundTo: string): string | null {
      try {
        const bytes = Buffer.from(sealed, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", sealKey, bytes.subarray(0, 12)).setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
    /** The stored form of a secret of one kind ('request': a participant's request key; 'relative': a family letter's code). */
    hash: (kind: "code" | "link" | "access" | "request" | "source" | "relative", value: string) =>
      mac(`${kind}:${kind === "code" || kind === "relative" ? normalizedCode(value) : value}`).toString("hex"),
    /** Whether the typed date of birth is the one on file, compared in constant time (none on file never matches). */
    sameBirthDate(typed: string, onFile: string | null): boolean {
      // A missing date still costs one comparison, so the answer takes as long either way.
      const matches = timingSafeEqual(mac(`birth:${typed}`), mac(`birth:${onFile ?? "none"}`));
      return matches && onFile !== null;
    },
  };
}

export type ShareHasher = ReturnType<typeof createShareHasher>;
