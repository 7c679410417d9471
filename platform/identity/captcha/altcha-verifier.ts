import { createHash, randomInt } from "node:crypto";
import { createChallenge, type Payload, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Queryable } from "../../../lib/postgres/index.ts";
import type { CaptchaVerifier } from "./verifier.ts";

const CHALLENGE_TTL_SECONDS = 10 * 60;

/**
 * Offline proof of work (ALTCHA). Verification alone is stateless, so used solutions are
 * remembered until their challenge expires to stop replays.
 */
export function createAltchaVerifier(db: Queryable, hmacSecret: string, now: () => Date, cost = 1000): CaptchaVerifier {
  return {
    async createChallenge() {
      return createChallenge({
        algorithm: "SHA-256",
        cost,
        counter: randomInt(0, 5000),
        deriveKey,
        hmacSignatureSecret: hmacSecret,
        hmacKeySignatureSecret: `${hmacSecret}:key`,
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
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: hmacSecret,
        hmacKeySignatureSecret: `${hmacSecret}:key`,
      }).catch(() => null);
      if (!result?.verified) return false;
      const tokenHash = createHash("sha256")
        .update(payload.challenge.parameters.nonce)
        .update(payload.challenge.parameters.salt)
        .digest("base64url");
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? now().getTime() / 1000 + CHALLENGE_TTL_SECONDS) * 1000);
      await db.query("DELETE FROM idp_used_captchas WHERE expires_at <= $1", [now()]);
      const inserted = await db.query(
        "INSERT INTO idp_used_captchas (token_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING token_hash",
        [tokenHash, expiresAt],
      );
      return inserted.length === 1;
    },
  };
}
