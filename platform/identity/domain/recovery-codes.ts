import { createHmac, randomInt } from "node:crypto";

/** Ten codes, each used once; shown once, kept only as keyed hashes. */
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits nobody misreads (no 0/O, 1/I/L): 10 characters, about 49 bits each. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** As typed: case, spaces and dashes do not matter. */
const normalRecoveryCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, "");

export const isWellFormedRecoveryCode = (typed: string) => new RegExp(`^[${ALPHABET}]{10}$`).test(normalRecoveryCode(typed));

export function hashRecoveryCode(secret: string, accountId: string, typed: string): string {
  return createHmac("sha256", secret)
    .update(`${accountId}:${normalRecoveryCode(typed)}`)
    .digest("base64url");
}
