import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeProtectedHeader } from "jose";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../lib/postgres/index.ts";
import { openSecret } from "../../../platform/identity/domain/factor-seal.ts";
import {
  listSigningKeys,
  resealSecrets,
  retireSigningKeysNow,
  signingKeySchedule,
  signingKeySealKey,
} from "../../../platform/identity/oidc/signing-keys.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { createFactorStore } from "../../../platform/identity/store/factors.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { demoAda, participantLike } from "../results/support/results-service-for-suite.ts";
import { AUDIENCE, createTestClock, startTestService } from "./support.ts";

/**
 * A signing key believed leaked is retired at once (`rotate-signing-key --retire-now`): a new key signs
 * from that moment, the old one leaves the key set without waiting for its tokens to expire, and a
 * token it signed is refused by the results service once it reads the key set again (its short cache).
 * And a changed IDENTITY_FACTOR_KEY: `reseal-secrets` seals the authenticator secrets and the signing
 * keys again under it, and the service starts on the new key with every secret opening.
 */
const FACTOR_KEY = "test-factor-key-of-at-least-32-characters";
const NEW_FACTOR_KEY = "a-new-factor-key-the-operator-rolled-in-2026";
const logger = pino({ level: "silent" });

const clock = createTestClock();
let identity: RunningIdentityService;
let results: RunningResultsService;
let workDir: string;
let databaseUrl: string | undefined;
let identityDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "signing-key-retirement-"));
  databaseUrl = await freshDatabaseUrl("retirement_identity");
  identityDir = path.join(workDir, "identity");
  identity = await startTestService(clock.now, { signingKeyReloadMs: 50, databaseUrl, dataDir: identityDir });
  const demoFile = path.join(workDir, "participants.json");
  await writeFile(demoFile, JSON.stringify({ participants: [participantLike("T1001")] }));
  results = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: identity.issuer,
    audience: AUDIENCE,
    dataDir: path.join(workDir, "results"),
    databaseUrl: await freshDatabaseUrl("retirement_results"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
    // Shortened: the key set is read again this often (60 s in production).
    jwksCacheMs: 300,
  });
}, 60_000);

afterAll(async () => {
  await results?.close();
  await identity?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The identity service's database, as an operator's command opens it beside the running service. */
async function operatorDatabase(): Promise<Database> {
  return openDatabase({ url: databaseUrl, dataDir: identityDir });
}

/**
 * Runs an operator command on the service's database: beside the running service on a PostgreSQL
 * server; on the embedded database (one process at a time) with the service stopped, then started
 * again on its port. `factorKey`: the IDENTITY_FACTOR_KEY it starts with afterwards.
 */
async function asOperator<T>(command: (db: Database) => Promise<T>, factorKey?: string): Promise<T> {
  const port = new URL(identity.url).port;
  const restart = !databaseUrl || factorKey !== undefined;
  if (!databaseUrl) await identity.close();
  const db = await operatorDatabase();
  try {
    return await command(db);
  } finally {
    await db.close();
    if (restart) {
      if (databaseUrl) await identity.close();
      identity = await startTestService(clock.now, {
        signingKeyReloadMs: 50,
        databaseUrl,
        dataDir: identityDir,
        port: Number(port),
        factorKey: factorKey ?? FACTOR_KEY,
      });
    }
  }
}

async function publishedKids(): Promise<string[]> {
  const { keys } = (await (await fetch(`${identity.url}/jwks`)).json()) as { keys: { kid: string }[] };
  return keys.map((key) => key.kid);
}

async function resultsLinkToken(): Promise<string> {
  const response = await fetch(`${identity.url}/dev/results-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "ada@example.test" }),
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return new URL(url).searchParams.get("access_token")!;
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const resultsStatus = async (token: string) =>
  (await fetch(`${results.url}/results/T1001?sourceID=${String(demoAda.sourceID)}`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

const options = (factorKey: string) => ({ factorKey, schedule: signingKeySchedule({}), now: clock.now, logger });

describe("a signing key retired in an emergency", () => {
  it("leaves the key set at once, and the tokens it signed stop being accepted; the new key's are", async () => {
    const [leaked] = await publishedKids();
    const before = await resultsLinkToken();
    expect(kidOf(before)).toBe(leaked);
    expect(await resultsStatus(before)).toBe(200);

    const answer = await asOperator((db) => retireSigningKeysNow(db, options(FACTOR_KEY)));
    expect(answer.retired).toEqual([leaked]);
    expect(answer.kid).not.toBe(leaked);

    // No clock moved: the old key goes with the service's next reading of the key set, not once its tokens expire.
    await expect.poll(publishedKids, { timeout: 10_000 }).toEqual([answer.kid]);
    await expect.poll(async () => kidOf(await resultsLinkToken()), { timeout: 10_000 }).toBe(answer.kid);
    // The results service reads the key set again within its cache time and refuses the leaked key's token.
    await expect.poll(() => resultsStatus(before), { timeout: 10_000 }).toBe(401);
    expect(await resultsStatus(await resultsLinkToken())).toBe(200);
  });
});

describe("a changed IDENTITY_FACTOR_KEY", () => {
  it("seals every authenticator secret and signing key again under the new key, and the old key opens none of them", async () => {
    const counted = await asOperator(async (db) => {
      // Ada has an authenticator app, sealed under the key the service runs with.
      await createFactorStore(db, { factorKey: FACTOR_KEY, codeSecret: "unused-here", now: clock.now }).setConfirmedTotp(
        "T1001",
        "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      );
      const totps = await db.query<{ account_id: string; secret_sealed: string }>("SELECT account_id, secret_sealed FROM idp_totp_factors");
      expect(totps.length).toBeGreaterThan(0);
      // A wrong previous key changes nothing.
      await expect(
        resealSecrets(db, { factorKey: NEW_FACTOR_KEY, previousFactorKey: "not-the-key-they-were-sealed-with-0000" }, logger),
      ).rejects.toThrow(/opens with neither key/);
      const counts = await resealSecrets(db, { factorKey: NEW_FACTOR_KEY, previousFactorKey: FACTOR_KEY }, logger);
      expect(counts).toEqual({ authenticatorSecrets: totps.length, signingKeys: 1 });
      // A second run (a run cut short and started again) finds everything sealed already.
      expect(await resealSecrets(db, { factorKey: NEW_FACTOR_KEY, previousFactorKey: FACTOR_KEY }, logger)).toEqual({
        authenticatorSecrets: 0,
        signingKeys: 0,
      });
      for (const row of await db.query<{ account_id: string; secret_sealed: string }>(
        "SELECT account_id, secret_sealed FROM idp_totp_factors",
      )) {
        expect(openSecret(NEW_FACTOR_KEY, row.account_id, row.secret_sealed)).not.toBeNull();
        expect(openSecret(FACTOR_KEY, row.account_id, row.secret_sealed)).toBeNull();
      }
      const [key] = await db.query<{ kid: string; sealed_private_jwk: string }>("SELECT kid, sealed_private_jwk FROM idp_signing_keys");
      expect(openSecret(signingKeySealKey(NEW_FACTOR_KEY), `signing-key:${key!.kid}`, key!.sealed_private_jwk)).not.toBeNull();
      // The operator's listing opens with the new key.
      expect(await listSigningKeys(db, options(NEW_FACTOR_KEY))).toHaveLength(1);
      return counts;
    }, NEW_FACTOR_KEY);
    expect(counted.signingKeys).toBe(1);
    // The service starts on the new key: its signing key opens, and its tokens are taken.
    expect(await resultsStatus(await resultsLinkToken())).toBe(200);
  });
});
