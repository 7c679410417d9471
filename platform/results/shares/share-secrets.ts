import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * The secrets of a share: a short code a clinician can type, a long link, and the clinician's access
 * once the date of birth matched. Only keyed hashes are stored; the clear values are shown once.
 */

/** Letters and digits nobody misreads on a phone call (no 0/O, 1/I/L): 31 symbols. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 10;

/** 'K7M2Q-XP9DR': ten symbols (about 49.5 bits), grouped to be read aloud. */
export function newShareCode(): string {
  const symbols = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** What a clinician typed, in the stored form: upper case, without spaces or dashes. */
export function normalizedCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/** 256 random bits, URL-safe: a share's link, or a clinician's access. */
export const newLongSecret = () => randomBytes(32).toString("base64url");

export interface ShareHasher {
  /** The stored form of a secret of one kind ('code', 'link', 'access'). */
  hash(kind: "code" | "link" | "access", value: string): string;
  /** Whether the typed date of birth is the one on file, compared in constant time (none on file never matches). */
  sameBirthDate(typed: string, onFile: string | null): boolean;
}

export function createShareHasher(secret: string): ShareHasher {
  const key = createHmac("sha256", secret).update("report-shares").digest();
  const mac = (value: string) => createHmac("sha256", key).update(value).digest();
  return {
    hash: (kind, value) => mac(`${kind}:${kind === "code" ? normalizedCode(value) : value}`).toString("hex"),
    sameBirthDate(typed, onFile) {
      // A missing date still costs one comparison, so the answer takes as long either way.
      const matches = timingSafeEqual(mac(`birth:${typed}`), mac(`birth:${onFile ?? "none"}`));
      return matches && onFile !== null;
    },
  };
}
