import { createHmac } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Logger } from "pino";
import { type Database, migrate } from "../../../lib/postgres/index.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import { type IdentityConfig, SIGNING_KEY_DEFAULTS } from "../config.ts";
import { openSecret, sealSecret } from "../domain/factor-seal.ts";
import { planSigningKeys, type SigningKeySchedule } from "../domain/signing-key-schedule.ts";
import { createSigningKeyStore, SIGNING_KEY_SCHEMA, signingKeyMigrations, type StoredSigningKey } from "../store/signing-key-store.ts";
import { CLOCK_TOLERANCE_SECONDS, RESULTS_LINK_TTL_SECONDS, STEP_UP_TTL_SECONDS } from "./access-tokens.ts";
import { TOKEN_TTL_SECONDS } from "./provider.ts";

/** How long a key stays published once it stopped signing: the longest-lived token it signed, and the clock tolerance. */
export const SIGNING_KEY_RETAIN_SECONDS =
  Math.max(
    TOKEN_TTL_SECONDS.AccessToken,
    TOKEN_TTL_SECONDS.IdToken,
    TOKEN_TTL_SECONDS.RefreshToken,
    RESULTS_LINK_TTL_SECONDS,
    STEP_UP_TTL_SECONDS,
  ) + CLOCK_TOLERANCE_SECONDS;

/** The schedule the settings give (IDENTITY_SIGNING_KEY_ROTATION_DAYS, IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS). */
export function signingKeySchedule(
  settings: Pick<IdentityConfig, "signingKeyRotationDays" | "signingKeyPublishAheadHours">,
): SigningKeySchedule {
  return {
    rotationMs: (settings.signingKeyRotationDays ?? SIGNING_KEY_DEFAULTS.rotationDays) * 24 * 3_600_000,
    publishAheadMs: (settings.signingKeyPublishAheadHours ?? SIGNING_KEY_DEFAULTS.publishAheadHours) * 3_600_000,
    retainMs: SIGNING_KEY_RETAIN_SECONDS * 1000,
  };
}

/** Every instance reads the shared set this often: a new key is published everywhere long before it signs. */
export const SIGNING_KEY_RELOAD_MS = 60_000;

/**
 * The key the private halves are sealed with (AES-256-GCM, factor-seal.ts), derived from IDENTITY_FACTOR_KEY for this
 * use alone: the one secret the operator keeps seals both kinds of secret, neither opening with the other's key.
 */
export function signingKeySealKey(factorKey: string): string {
  return createHmac("sha256", factorKey).update("idp-signing-keys/v1").digest("base64url");
}

/** The associated data of a sealed private key: a sealed key moved to another row does not open. */
const sealContext = (kid: string) => `signing-key:${kid}`;

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
}

function sealed(jwk: JWK, sealKey: string, generation: number, publishedAt: Date, signsFrom: Date): StoredSigningKey {
  const { kty, n, e, kid, alg, use } = jwk;
  return {
    kid: kid!,
    generation,
    publicJwk: { kty, n, e, kid, alg, use },
    sealedPrivateJwk: sealSecret(sealKey, sealContext(kid!), JSON.stringify(jwk)),
    publishedAt,
    signsFrom,
  };
}

export interface SigningKeyOptions {
  /** IDENTITY_FACTOR_KEY: the key the private halves are sealed with is derived from it. */
  factorKey: string;
  schedule: SigningKeySchedule;
  now: () => Date;
  logger: Logger;
}

const nextGeneration = (keys: StoredSigningKey[]) => Math.max(0, ...keys.map((key) => key.generation)) + 1;

/** Creates the signing-key table when missing and seals into it the keys an earlier version kept in clear. */
async function prepare(db: Database, factorKey: string, now: Date, logger: Logger) {
  const sealKey = signingKeySealKey(factorKey);
  await migrate(db, SIGNING_KEY_SCHEMA, signingKeyMigrations);
  const store = createSigningKeyStore(db);
  const legacy = await store.legacyKeys();
  if (legacy) {
    // The key that has been signing goes on signing from now; the next rotation replaces it on schedule.
    const [first] = legacy;
    if (first && (await store.list()).length === 0) await store.add(sealed(first, sealKey, 1, now, now));
    await store.forgetLegacyKeys();
    logger.info("the stored signing key was sealed and moved to idp_signing_keys");
  }
  /** The next key after `keys`, published `at` and signing `aheadMs` later; null when another instance stored one first. */
  const addNext = async (keys: StoredSigningKey[], at: Date, aheadMs: number): Promise<StoredSigningKey | null> => {
    const key = sealed(await generateSigningKey(), sealKey, nextGeneration(keys), at, new Date(at.getTime() + aheadMs));
    return (await store.add(key)) ? key : null;
  };
  return { store, sealKey, addNext };
}

/**
 * Opens the shared key set: the first key is created on the first start (it signs at once: no
 * token exists yet), and every instance then follows the rows (planSigningKeys).
 */
export async function openSigningKeyRing(db: Database, options: SigningKeyOptions) {
  const { schedule, logger } = options;
  const { store, sealKey, addNext } = await prepare(db, options.factorKey, options.now(), logger);
  let version: string | undefined;

  const openPrivate = (key: StoredSigningKey): JWK => {
    const text = openSecret(sealKey, sealContext(key.kid), key.sealedPrivateJwk);
    if (text === null)
      throw new Error(`the signing key ${key.kid} does not open with this IDENTITY_FACTOR_KEY (it was sealed with another)`);
    return JSON.parse(text) as JWK;
  };

  /** Stores a next key when one is due, deletes keys no token needs any more; answers whether the published keys changed. */
  async function refresh(): Promise<boolean> {
    const now = options.now();
    let keys = await store.list();
    if (keys.length === 0) {
      await addNext(keys, now, 0);
      keys = await store.list();
    }
    let plan = planSigningKeys(keys, now, schedule)!;
    if (plan.nextDue) {
      const added = await addNext(keys, now, schedule.publishAheadMs);
      if (added)
        logger.info({ kid: added.kid, signsFrom: added.signsFrom.toISOString() }, "signing key published; it signs from signsFrom");
      keys = await store.list();
      plan = planSigningKeys(keys, now, schedule)!;
    }
    if (plan.removable.length) {
      await store.remove(plan.removable);
      logger.info({ kids: plan.removable }, "signing keys removed: every token they signed has expired");
    }
    if (version === plan.published.join(" ")) return false;
    const byKid = new Map(keys.map((key) => [key.kid, key]));
    const privateKeys = plan.published.map((kid) => openPrivate(byKid.get(kid)!));
    version = plan.published.join(" ");
    Object.assign(ring, {
      current: privateKeys[0]!,
      privateJwks: { keys: privateKeys },
      publicJwks: { keys: plan.published.map((kid) => byKid.get(kid)!.publicJwk) },
    });
    return true;
  }

  const ring = {
    /** The key that signs (a private JWK). */
    current: {} as JWK,
    /** Private keys, the signing key first; handed to oidc-provider as its `jwks` (it signs with the first). */
    privateJwks: { keys: [] as JWK[] },
    /** What /jwks publishes: the public halves of the same keys. */
    publicJwks: { keys: [] as JWK[] },
    refresh,
    /** Refreshes every `intervalMs`, calling `onChange` when the keys changed; answers how to stop. */
    start: (intervalMs: number, onChange: () => void) =>
      repeatEvery(
        intervalMs,
        async () => {
          if (await refresh()) onChange();
        },
        (error) => logger.error({ err: { message: error.message } }, "signing keys could not be read again; the ones held stay in use"),
      ),
  };
  await refresh();
  return ring;
}

/**
 * A rotation on demand: a next key published now, signing once the publish-ahead period has passed
 * (the key it replaces stays published until every token it signed has expired). When a next key
 * already waits, nothing is added: that one is the rotation.
 */
export async function rotateSigningKey(db: Database, options: SigningKeyOptions) {
  const { schedule } = options;
  const now = options.now();
  const { store, addNext } = await prepare(db, options.factorKey, now, options.logger);
  if ((await store.list()).length === 0) await addNext([], now, 0);
  for (;;) {
    const keys = await store.list();
    const plan = planSigningKeys(keys, now, schedule)!;
    if (plan.waiting) return { rotated: false as const, waiting: { kid: plan.waiting.kid, signsFrom: plan.waiting.signsFrom } };
    const added = await addNext(keys, now, schedule.publishAheadMs);
    if (added)
      return {
        rotated: true as const,
        kid: added.kid,
        signsFrom: added.signsFrom,
        replaces: plan.signing,
        replacedUntil: new Date(added.signsFrom.getTime() + schedule.retainMs),
      };
    // Another instance stored a key of that generation at this moment: read again.
  }
}

/**
 * An emergency retirement, for a key believed leaked: a new key that signs at once replaces every
 * stored key in one transaction, so the old ones leave the key set without waiting for their tokens to
 * expire. Every instance takes the change at its next reading of the key set (SIGNING_KEY_RELOAD_MS)
 * and from then on signs with the new key and refuses tokens of the old ones.
 */
export async function retireSigningKeysNow(db: Database, options: SigningKeyOptions): Promise<{ kid: string; retired: string[] }> {
  const now = options.now();
  const { sealKey } = await prepare(db, options.factorKey, now, options.logger);
  const jwk = await generateSigningKey();
  return db.transaction(async (tx) => {
    const store = createSigningKeyStore(tx);
    const keys = await store.list();
    if (!(await store.add(sealed(jwk, sealKey, nextGeneration(keys), now, now))))
      throw new Error("another signing key was stored at this moment: run the command again");
    await store.remove(keys.map((key) => key.kid));
    return { kid: jwk.kid!, retired: keys.map((key) => key.kid) };
  });
}

/**
 * Seals every sealed value again under a new IDENTITY_FACTOR_KEY: the authenticator-app secrets and the
 * signing keys' private halves, each opened with the previous key (or already with the new one, when a
 * run was cut short) and written back in one transaction. Answers how many of each were sealed again;
 * throws, changing nothing, when a value opens with neither key.
 */
export async function resealSecrets(
  db: Database,
  keys: { factorKey: string; previousFactorKey: string },
  logger: Logger,
): Promise<{ authenticatorSecrets: number; signingKeys: number }> {
  const [next, previous] = [keys.factorKey, keys.previousFactorKey];
  if (next === previous) throw new Error("IDENTITY_FACTOR_KEY_PREVIOUS is the same as IDENTITY_FACTOR_KEY: nothing to seal again");
  await prepare(db, previous, new Date(), logger);
  /** `value` sealed again under `nextKey`; null when it opens with it already; throws when it opens with neither. */
  const resealed = (nextKey: string, previousKey: string, context: string, value: string, what: string) => {
    if (openSecret(nextKey, context, value) !== null) return null;
    const plain = openSecret(previousKey, context, value);
    if (plain === null) throw new Error(`${what} opens with neither key: nothing was changed`);
    return sealSecret(nextKey, context, plain);
  };
  return db.transaction(async (tx) => {
    let authenticatorSecrets = 0;
    const totps = await tx.query<{ account_id: string; secret_sealed: string }>(
      "SELECT account_id, secret_sealed FROM idp_totp_factors ORDER BY account_id FOR UPDATE",
    );
    for (const row of totps) {
      const sealed = resealed(next, previous, row.account_id, row.secret_sealed, "an authenticator secret");
      if (sealed === null) continue;
      await tx.query("UPDATE idp_totp_factors SET secret_sealed = $2 WHERE account_id = $1", [row.account_id, sealed]);
      authenticatorSecrets++;
    }
    let signingKeys = 0;
    const [nextSeal, previousSeal] = [signingKeySealKey(next), signingKeySealKey(previous)];
    for (const key of await createSigningKeyStore(tx).list()) {
      const sealed = resealed(nextSeal, previousSeal, sealContext(key.kid), key.sealedPrivateJwk, `the signing key ${key.kid}`);
      if (sealed === null) continue;
      await tx.query("UPDATE idp_signing_keys SET sealed_private_jwk = $2 WHERE kid = $1", [key.kid, sealed]);
      signingKeys++;
    }
    return { authenticatorSecrets, signingKeys };
  });
}

/** Every stored key with its times, for the operator (no private half). */
export async function listSigningKeys(db: Database, options: SigningKeyOptions) {
  const keys = await (await prepare(db, options.factorKey, options.now(), options.logger)).store.list();
  const plan = planSigningKeys(keys, options.now(), options.schedule);
  return keys.map((key, index) => {
    const next = keys[index + 1];
    return {
      kid: key.kid,
      publishedAt: key.publishedAt,
      signsFrom: key.signsFrom,
      state: key.kid === plan?.signing ? "signing" : key.signsFrom > options.now() ? "waiting" : "retired",
      publishedUntil:
        next && key.kid !== plan?.signing && key.signsFrom <= options.now()
          ? new Date(next.signsFrom.getTime() + options.schedule.retainMs)
          : null,
    };
  });
}

/** The keys this instance uses at one moment. */
export type SigningKeys = Pick<Awaited<ReturnType<typeof openSigningKeyRing>>, "current" | "privateJwks" | "publicJwks">;
