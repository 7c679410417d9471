import { MIN_PASSWORD_LENGTH } from "./password-rules";

export type PasswordStrength = "weak" | "good" | "strong";

/** SPEC.md §5 'Strength meter': length of 10 or more adds 7; a letter, a digit, a special character add 1 each. */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= MIN_PASSWORD_LENGTH) score += 7;
  if (/\p{L}/u.test(password)) score += 1;
  if (/\p{Nd}/u.test(password)) score += 1;
  if (/[^\p{L}\p{Nd}\s]/u.test(password)) score += 1;
  return score;
}

/** Score 10 is strong, above 7 is good, otherwise weak. */
export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score >= 10) return "strong";
  if (score > 7) return "good";
  return "weak";
}
