import { createHash, randomInt } from "node:crypto";
import { createChallenge, type Payload, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { spendOnce } from "./used-once.ts";

const CHALLENGE_TTL_SECONDS = 10 * 60;

/**
 * PBKDF2 runs natively in the browser (WebCrypto) as it does for an attacker's solver, so the work is
 * about the same for both: 5,000 iterations per try and on average 500 tries (docs/security.md has the
 * measurement). Plain SHA-256 rounds cost a browser one promise each, tens of times the attacker's cost.
 */
const DEFAULT_COST = 5000;
const MAX_COUNTER = 1000;

/** Offline proof of work (ALTCHA): verification is stateless, so spent solutions are kept until their challenge expires (no replay). */
export function createAltchaVerifier(db: Queryable, hmacSecret: string, now: () => Date, cost = DEFAULT_COST) {
  const signing = { deriveKey, hmacSignatureSecret: hmacSecret, hmacKeySignatureSecret: `${hmacSecret}:key` };
  return {
    async createChallenge() {
      return createChallenge({
        algorithm: "PBKDF2/SHA-256",
        cost,
        counter: randomInt(0, MAX_COUNTER),
        ...signing,
        expiresAt: new Date(now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
      });
    },
    async verify(token: string) {
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as Payload;
      } catch {
        return false;
      }
      if (!payload?.challenge?.parameters || !payload.solution) return false;
      const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, ...signing }).catch(() => null);
      if (!result?.verified) return false;
      const { nonce, salt, expiresAt } = payload.challenge.parameters;
      const tokenHash = createHash("sha256").update(`${nonce}${salt}`).digest("base64url");
      return spendOnce(db, tokenHash, new Date((expiresAt ?? now().getTime() / 1000 + CHALLENGE_TTL_SECONDS) * 1000), now());
    },
  };
}

export type CaptchaVerifier = ReturnType<typeof createAltchaVerifier>;
