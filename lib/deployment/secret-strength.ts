import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * One rule for every secret a deployment is given (the portal's session and client secrets, the
 * identity provider's cookie keys, factor key and client secret, the results service's document
 * key): at least 32 characters of random-looking material. A value an operator typed by hand —
 * one character or a short pattern repeated, words, number or keyboard runs — is refused, however
 * long, because it can be guessed far faster than its length suggests. zxcvbn estimates the
 * guesses; messages name what is wrong, never the value.
 */

const MIN_SECRET_LENGTH = 32;
/**
 * 10^24 guesses (80 bits). Over 5,000 samples each, zxcvbn gives `openssl rand -hex 16` at least
 * 10^27 and a UUID at least 10^31.
 */
const MIN_GUESSES_LOG10 = 24;
/**
 * More than half of the value made of words, runs or repeats of 4 characters or more is a value a
 * person chose; random output stayed under 0.45 over 15,000 samples each. Dates, numbers and words of
 * the letters a to f and digits are left out: hexadecimal output is full of them.
 */
const MAX_STRUCTURED_SHARE = 0.5;
const STRUCTURED_PATTERNS: ReadonlySet<string> = new Set(["dictionary", "spatial", "sequence", "repeat"]);

/** The development values published in this repository's defaults and README. */
const PUBLISHED_DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
  "development-only-session-secret-change-me",
  "dev-portal-secret-change-me",
  "dev-identity-cookie-key-1-change-me",
  "dev-identity-factor-key-change-me-32-bytes-at-least",
]);

/** Words of deployments that people put in secrets they make up, which the common lists lack. */
const DEPLOYMENT_WORDS = `secret session cookie token auth oauth oidc key keys client factor portal identity idp signing jwt hmac api
  twilio smtp postgres results document production prod staging development dev test change default admin root`.split(/\s+/);

export type SecretWeakness = "too-short" | "published" | "repeated" | "guessable" | "derived";

/** Digest lengths in bytes, and the hash function that gives each. */
const DIGESTS: Readonly<Record<number, string>> = { 16: "md5", 20: "sha1", 28: "sha224", 32: "sha256", 48: "sha384", 64: "sha512" };

const require = createRequire(import.meta.url);

// Loaded on the first check only (about 0.1 s): only a deployment outside development checks.
let dictionaries: { zxcvbn: ZxcvbnFactory; derivationWords: readonly string[] } | undefined;
function loaded() {
  if (dictionaries) return dictionaries;
  const common = require("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common");
  // No l33t table: its substitutions of digits make random hexadecimal look like words, and each check takes 300 ms.
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, deployment: DEPLOYMENT_WORDS },
    graphs: common.adjacencyGraphs,
    l33tTable: {},
  });
  const derivationWords = [
    ...PUBLISHED_DEVELOPMENT_SECRETS,
    ...DEPLOYMENT_WORDS,
    ...common.dictionary["passwords-common"].slice(0, 10_000),
  ];
  return (dictionaries = { zxcvbn, derivationWords });
}

/** The bytes a value spells when it is written as a digest would be (hex, base64 or base64url), else null. */
function digestBytes(value: string): Buffer | null {
  const candidates = /^[0-9a-f]+$/i.test(value) && value.length % 2 === 0 ? [Buffer.from(value, "hex")] : [];
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) candidates.push(Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
  return candidates.find((bytes) => bytes.length in DIGESTS) ?? null;
}

const hashedWords = new Map<string, ReadonlySet<string>>();

/**
 * Whether the value is a hash (md5, sha-1, sha-2) of a published development value or one of the
 * 10,000 most common passwords or a deployment word: derived, not generated.
 */
function isDerived(value: string): boolean {
  const bytes = digestBytes(value);
  const algorithm = bytes && DIGESTS[bytes.length];
  if (!algorithm) return false;
  let table = hashedWords.get(algorithm);
  if (!table) {
    table = new Set(
      loaded()
        .derivationWords.flatMap((word) => [word, word.toUpperCase(), `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`])
        .map((word) => createHash(algorithm).update(word).digest("hex")),
    );
    hashedWords.set(algorithm, table);
  }
  return table.has(bytes.toString("hex"));
}

/**
 * The share of the value read as words, keyboard or alphabet runs, repeats and copies. Each part
 * between separators is read alone: over the whole value zxcvbn reads `-long-` as random characters.
 */
function structuredShare(secret: string, zxcvbn: ZxcvbnFactory): number {
  const structured = new Array<boolean>(secret.length).fill(false);
  for (const part of secret.matchAll(/[^\s._-]+/g)) {
    for (const match of zxcvbn.check(part[0]).sequence) {
      const hexWord = match.pattern === "dictionary" && /^[0-9a-f]+$/i.test(match.token);
      if (STRUCTURED_PATTERNS.has(match.pattern) && match.token.length >= 4 && !hexWord)
        structured.fill(true, part.index + match.i, part.index + match.j + 1);
    }
  }
  // A stretch of 6 characters or more written out again is a copy, however random the first one looked.
  for (let start = 1; start < secret.length; start++)
    for (let end = start + 6; end <= secret.length && secret.indexOf(secret.slice(start, end)) < start; end++)
      structured.fill(true, start, end);
  return structured.filter(Boolean).length / secret.length;
}

/** Why a secret is not good enough, or null. The value itself never leaves this function. */
export function secretWeakness(value: string): SecretWeakness | null {
  const secret = value.trim();
  if (PUBLISHED_DEVELOPMENT_SECRETS.has(secret)) return "published";
  if (secret.length < MIN_SECRET_LENGTH) return "too-short";
  if (new Set(secret).size < 8) return "repeated";
  const { zxcvbn } = loaded();
  const estimate = zxcvbn.check(secret);
  if (estimate.sequence.every((match) => match.pattern === "repeat")) return "repeated";
  // A hash looks random but is as guessable as what was hashed.
  if (isDerived(secret)) return "derived";
  if (estimate.guessesLog10 < MIN_GUESSES_LOG10 || structuredShare(secret, zxcvbn) > MAX_STRUCTURED_SHARE) return "guessable";
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
