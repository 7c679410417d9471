import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeJwt, decodeProtectedHeader, calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { fileArgs, IDENTITY_CLI_FILES } from "../../../lib/launcher/process-files.ts";
import { type Database, migrate, openDatabase } from "../../../lib/postgres/index.ts";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import { planSigningKeys, type SigningKeySchedule } from "../../../platform/identity/domain/signing-key-schedule.ts";
import {
  openSigningKeyRing,
  rotateSigningKey,
  SIGNING_KEY_RETAIN_SECONDS,
  signingKeySchedule,
  type SigningKeyOptions,
} from "../../../platform/identity/oidc/signing-keys.ts";
import { IDENTITY_SERVICE, identityMigrations } from "../../../platform/identity/store/migrations.ts";
import { freshDatabaseUrl } from "../../support/database";
import { createTestClock } from "./support.ts";

const HOUR = 3_600_000;
const FACTOR_KEY = "a-factor-key-of-this-suite-0123456789abcdef";
const schedule: SigningKeySchedule = { rotationMs: 90 * 24 * HOUR, publishAheadMs: 48 * HOUR, retainMs: 12 * HOUR };
const PRIVATE_PARTS = ["d", "p", "q", "dp", "dq", "qi"] as const;

describe("the signing key schedule", () => {
  const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * HOUR);
  const key = (generation: number, signsFromHour: number) => ({ kid: `k${generation}`, generation, signsFrom: at(signsFromHour) });

  it("one key signs until it is due for replacement, 48 hours before its 90 days are up", () => {
    expect(planSigningKeys([], at(0), schedule)).toBeNull();
    expect(planSigningKeys([key(1, 0)], at(90 * 24 - 49), schedule)).toMatchObject({ signing: "k1", published: ["k1"], nextDue: false });
    expect(planSigningKeys([key(1, 0)], at(90 * 24 - 48), schedule)).toMatchObject({ signing: "k1", nextDue: true });
  });

  it("a next key is published while it waits, signs from its time, and the old one stays until its tokens have expired", () => {
    const keys = [key(1, 0), key(2, 2160)];
    expect(planSigningKeys(keys, at(2159), schedule)).toMatchObject({
      signing: "k1",
      published: ["k1", "k2"],
      nextDue: false,
      removable: [],
    });
    expect(planSigningKeys(keys, at(2160), schedule)).toMatchObject({ signing: "k2", published: ["k2", "k1"], removable: [] });
    expect(planSigningKeys(keys, at(2171.9), schedule)).toMatchObject({ published: ["k2", "k1"], removable: [] });
    expect(planSigningKeys(keys, at(2172), schedule)).toMatchObject({ signing: "k2", published: ["k2"], removable: ["k1"] });
  });

  it("before any key's time (clocks that disagree) the oldest signs", () => {
    expect(planSigningKeys([key(2, 10), key(1, 5)], at(0), schedule)).toMatchObject({ signing: "k1", published: ["k1", "k2"] });
  });

  it("a next key is published at least as long before it signs as the portal caches the key set", async () => {
    const { JWKS_CACHE_MS } = await import("~/services/idp.server");
    expect(signingKeySchedule({}).publishAheadMs).toBeGreaterThanOrEqual(JWKS_CACHE_MS);
    expect(signingKeySchedule(loadConfigFromEnv({ IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS: "24" })).publishAheadMs).toBeGreaterThanOrEqual(
      JWKS_CACHE_MS,
    );
    expect(() => loadConfigFromEnv({ IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS: "23" })).toThrow(/IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS/);
    expect(() => loadConfigFromEnv({ IDENTITY_SIGNING_KEY_ROTATION_DAYS: "2", IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS: "48" })).toThrow(
      "IDENTITY_SIGNING_KEY_ROTATION_DAYS must be longer than IDENTITY_SIGNING_KEY_PUBLISH_AHEAD_HOURS",
    );
  });

  it("the default schedule keeps a key published after it stops signing for the longest token lifetime and the clock tolerance", () => {
    expect(SIGNING_KEY_RETAIN_SECONDS).toBe(12 * 3600 + 300);
    expect(signingKeySchedule({})).toEqual({ rotationMs: 90 * 24 * HOUR, publishAheadMs: 48 * HOUR, retainMs: (12 * 3600 + 300) * 1000 });
  });
});

describe("the shared signing keys", () => {
  const opened: Database[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  async function freshDatabase(label: string): Promise<Database> {
    const dir = await mkdtemp(path.join(tmpdir(), `signing-keys-${label}-`));
    dirs.push(dir);
    const db = await openDatabase({ url: await freshDatabaseUrl(`signing_keys_${label}`), dataDir: dir });
    opened.push(db);
    await migrate(db, IDENTITY_SERVICE, identityMigrations);
    return db;
  }
  const optionsFor = (clock: ReturnType<typeof createTestClock>, factorKey = FACTOR_KEY): SigningKeyOptions => ({
    factorKey,
    schedule,
    now: clock.now,
    logger: pino({ level: "silent" }),
  });

  it("keeps each private key sealed: the row holds no private part in clear, and another factor key opens none", async () => {
    const db = await freshDatabase("sealed");
    const clock = createTestClock();
    const ring = await openSigningKeyRing(db, optionsFor(clock));
    const privateJwk = ring.current;
    const rows = await db.query<{ row: string }>("SELECT row_to_json(k)::text AS row FROM idp_signing_keys k");
    expect(rows).toHaveLength(1);
    const [{ row }] = rows as [{ row: string }];
    expect(row).toContain(privateJwk.kid);
    expect(row).toContain(privateJwk.n); // the public half, which /jwks publishes anyway
    for (const part of PRIVATE_PARTS) {
      expect(privateJwk[part]?.length).toBeGreaterThan(40);
      expect(row).not.toContain(privateJwk[part]);
    }
    expect(JSON.stringify(ring.publicJwks)).not.toMatch(/"(d|p|q|dp|dq|qi)":/);

    await expect(openSigningKeyRing(db, optionsFor(clock, "another-factor-key-0123456789abcdefghij"))).rejects.toThrow(
      `the signing key ${privateJwk.kid} does not open with this IDENTITY_FACTOR_KEY`,
    );
  });

  it("moves a key an earlier version kept in clear into the sealed table, and it goes on signing", async () => {
    const db = await freshDatabase("legacy");
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    const legacy = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
    await db.query("INSERT INTO idp_secrets (name, value) VALUES ('oidc-signing-keys', $1)", [JSON.stringify([legacy])]);

    const ring = await openSigningKeyRing(db, optionsFor(createTestClock()));
    expect(ring.current.kid).toBe(legacy.kid);
    expect(await db.query("SELECT name FROM idp_secrets WHERE name = 'oidc-signing-keys'")).toEqual([]);
    const [{ row }] = (await db.query<{ row: string }>("SELECT row_to_json(k)::text AS row FROM idp_signing_keys k")) as [{ row: string }];
    expect(row).not.toContain(legacy.d!);
  });

  it("two instances on one database store one next key between them and agree on which key signs", async () => {
    const db = await freshDatabase("instances");
    const clock = createTestClock();
    const [a, b] = [await openSigningKeyRing(db, optionsFor(clock)), await openSigningKeyRing(db, optionsFor(clock))];
    expect(b.current.kid).toBe(a.current.kid);
    const first = a.current.kid;

    clock.advance(schedule.rotationMs - schedule.publishAheadMs);
    // Both find the next key due at the same moment; the database keeps one.
    expect(await Promise.all([a.refresh(), b.refresh()])).toEqual([true, true]);
    expect(await db.query("SELECT kid FROM idp_signing_keys")).toHaveLength(2);
    expect(a.publicJwks).toEqual(b.publicJwks);
    expect(a.current.kid).toBe(first);

    clock.advance(schedule.publishAheadMs);
    await Promise.all([a.refresh(), b.refresh()]);
    expect(a.current.kid).not.toBe(first);
    expect(b.current.kid).toBe(a.current.kid);
    expect(a.publicJwks.keys.map((key) => key.kid)).toEqual([a.current.kid, first]);
  });

  it("a rotation on demand publishes one next key; asked again while it waits, it adds none", async () => {
    const db = await freshDatabase("on-demand");
    const clock = createTestClock();
    const ring = await openSigningKeyRing(db, optionsFor(clock));
    const first = ring.current.kid;

    const answer = await rotateSigningKey(db, optionsFor(clock));
    expect(answer).toMatchObject({ rotated: true, replaces: first });
    if (!answer.rotated) throw new Error("unreachable");
    expect(answer.signsFrom.getTime() - clock.now().getTime()).toBeGreaterThan(schedule.publishAheadMs - 60_000);
    expect(answer.replacedUntil.getTime()).toBe(answer.signsFrom.getTime() + schedule.retainMs);
    expect(await rotateSigningKey(db, optionsFor(clock))).toEqual({
      rotated: false,
      waiting: { kid: answer.kid, signsFrom: answer.signsFrom },
    });

    expect(await ring.refresh()).toBe(true);
    expect(ring.publicJwks.keys.map((key) => key.kid)).toEqual([first, answer.kid]);
    expect(ring.current.kid).toBe(first);
  });
});

describe("npm run identity -- rotate-signing-key", () => {
  // The built commands when a build made them (npm test builds first), else their source.
  const cliArgs = fileArgs(IDENTITY_CLI_FILES, process.cwd(), existsSync(IDENTITY_CLI_FILES.built) ? "built" : "source");
  const run = (args: string[], env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [...cliArgs, ...args], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("exit", (code) => resolve({ code, output }));
    });

  it("publishes a next key, then says one waits; the list shows which signs and which waits", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "signing-keys-cli-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, IDENTITY_DATA_DIR: dir, IDENTITY_PORT: "1", LOG_LEVEL: "silent" };
      delete env.DATABASE_URL;
      delete env.PORTAL_ENVIRONMENT;
      const databaseUrl = await freshDatabaseUrl("signing_keys_cli");
      if (databaseUrl) env.DATABASE_URL = databaseUrl;

      const rotated = await run(["rotate-signing-key"], env);
      expect(rotated.output).toMatch(
        /^Published signing key (\S+); it signs from \S+Z\.\nThe key it replaces, \S+, stays published until \S+Z\.\n$/,
      );
      expect(rotated.code).toBe(0);
      const kid = /Published signing key (\S+);/.exec(rotated.output)![1]!;

      const again = await run(["rotate-signing-key"], env);
      expect(again.output).toContain(`A next signing key is already published: ${kid} signs from`);
      expect(again.code).toBe(0);

      const listed = await run(["signing-keys"], env);
      expect(listed.code).toBe(0);
      const lines = listed.output.trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^\S+ {2}signing /);
      expect(lines[1]).toMatch(new RegExp(`^${kid} {2}waiting `));

      const wrong = await run(["rotate-signing-keys"], env);
      expect(wrong.code).toBe(2);
      expect(wrong.output).toContain("Usage: npm run identity -- <command>");

      // The counselling team's token: signed by the key that signs, for the queue, naming its holder.
      const team = await run(["counselling-team-token", "jane.counsellor"], env);
      expect(team.code, team.output).toBe(0);
      const token = team.output.trim();
      expect(decodeProtectedHeader(token)).toMatchObject({ typ: "counselling-team+jwt", kid: lines[0]!.split(" ")[0] });
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({ sub: "jane.counsellor", aud: expect.stringMatching(/\/counselling-queue$/) });
      expect(claims.exp! - claims.iat!).toBe(12 * 3600);
      expect((await run(["counselling-team-token"], env)).code).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
