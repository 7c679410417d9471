import { createRequire } from "node:module";

export const MIN_PASSWORD_LENGTH = 10;

const require = createRequire(import.meta.url);
const commonPasswords = require("fxa-common-password-list") as { test(password: string): boolean };

/** SPEC §5 password rules; null when the password is acceptable. */
export function checkNewPassword(password: string): "required" | "too-short" | "common" | null {
  if (password.length === 0) return "required";
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) return "common";
  return null;
}
