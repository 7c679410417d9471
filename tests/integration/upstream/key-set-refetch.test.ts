import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { demoAda, participantLike } from "../../platform/results/support/results-service-for-suite.ts";
import { freshDatabaseUrl } from "../../support/database";

/**
 * What the relying parties do with a token whose key id they do not hold (a key the identity
 * service began to sign with, or a forged one): each fetches the identity service's key set once,
 * not on every such request, and a key that was added is then used without another fetch. Both
 * use jose's remote key set, which fetches again for an unknown key id only when its last fetch is
 * older than its cooldown (30 s): the clock is moved past it, never waited out.
 */
const AUDIENCE = "http://results.rotation.test";
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

let server: Server;
let issuer: string;
const published: JWK[] = [];
let keySetFetches = 0;
let first: KeyPair & { kid: string };
let second: KeyPair & { kid: string };
let stranger: KeyPair;
let results: RunningResultsService;
let workDir: string;
let checkResultsLinkToken: typeof import("~/services/results-link.server").checkResultsLinkToken;

async function keyPair(kid: string) {
  return { ...(await generateKeyPair("RS256", { extractable: true })), kid };
}
const publish = async (pair: KeyPair & { kid: string }) =>
  void published.push({ ...(await exportJWK(pair.publicKey)), kid: pair.kid, alg: "RS256", use: "sig" });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  first = await keyPair("key-one");
  second = await keyPair("key-two");
  stranger = await generateKeyPair("RS256");
  await publish(first);
  server = createServer((req, res) => {
    const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/jwks") {
      keySetFetches += 1;
      return json({ keys: published });
    }
    if (req.url === "/.well-known/openid-configuration")
      return json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  workDir = await mkdtemp(path.join(tmpdir(), "key-set-refetch-"));
  const demoFile = path.join(workDir, "participants.json");
  await writeFile(demoFile, JSON.stringify({ participants: [participantLike("R1001")] }));
  results = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer,
    audience: AUDIENCE,
    dataDir: path.join(workDir, "results"),
    databaseUrl: await freshDatabaseUrl("key_set_refetch"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
  });
  Object.assign(process.env, {
    IDP_ISSUER: issuer,
    RESULTS_API_URL: results.url,
    RESULTS_API_AUDIENCE: AUDIENCE,
    PORTAL_URL: "http://localhost:3000",
    PORTAL_DATA_DIR: path.join(workDir, "portal"),
    LOG_LEVEL: "silent",
  });
  ({ checkResultsLinkToken } = await import("~/services/results-link.server"));
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await results?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A results-link token for R1001, signed with `key` under the key id `kid`. */
function token(key: KeyPair["privateKey"], kid: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid: "R1001", email: "r1001@example.test", token_type: "ACCESS" })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(issuer)
    .setSubject("R1001")
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}

const relyingParties = {
  /** The results service: its answer to the bearer of the token. */
  "the results service": async (bearer: string) =>
    (await fetch(`${results.url}/results/R1001?sourceID=${String(demoAda.sourceID)}`, { headers: { authorization: `Bearer ${bearer}` } }))
      .status === 200,
  /** The portal: its check of a results link. */
  "the portal": async (bearer: string) => (await checkResultsLinkToken(bearer)).ok,
};

const moveClockPastCooldown = () => vi.setSystemTime(Date.now() + 31_000);

describe.each(Object.entries(relyingParties))("%s", (_name, accepts) => {
  it("fetches the key set once for a burst of tokens with an unknown key id, then uses a key that was added without another fetch", async () => {
    published.splice(1);
    // Its key set, fetched once and cached.
    const before = keySetFetches;
    expect(await accepts(await token(first.privateKey, first.kid))).toBe(true);
    expect(await accepts(await token(first.privateKey, first.kid))).toBe(true);
    expect(keySetFetches - before).toBeLessThanOrEqual(1);

    // Forty tokens of a key nobody published, twenty at once and twenty one after another: one fetch.
    moveClockPastCooldown();
    const fetchesBeforeUnknown = keySetFetches;
    const forged = await token(stranger.privateKey, "key-never-published");
    expect(await Promise.all(Array.from({ length: 20 }, () => accepts(forged)))).toEqual(Array(20).fill(false));
    for (let i = 0; i < 20; i++) expect(await accepts(forged)).toBe(false);
    expect(keySetFetches - fetchesBeforeUnknown).toBe(1);

    // The identity service starts signing with a key this relying party has not seen: one fetch, then none.
    await publish(second);
    moveClockPastCooldown();
    const fetchesBeforeNew = keySetFetches;
    const rotated = await token(second.privateKey, second.kid);
    expect(await accepts(rotated)).toBe(true);
    for (let i = 0; i < 10; i++) expect(await accepts(rotated)).toBe(true);
    expect(await accepts(await token(first.privateKey, first.kid))).toBe(true);
    expect(keySetFetches - fetchesBeforeNew).toBe(1);
  });

  it("stops accepting a key withdrawn from the key set (an emergency retirement) within a minute", async () => {
    published.splice(0, published.length);
    await publish(first);
    await publish(second);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await accepts(await token(first.privateKey, first.kid))).toBe(true);

    // `rotate-signing-key --retire-now`: the old key leaves the key set at once.
    published.splice(0, published.length);
    await publish(second);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await accepts(await token(first.privateKey, first.kid))).toBe(false);
    expect(await accepts(await token(second.privateKey, second.kid))).toBe(true);

    published.splice(0, published.length);
    await publish(first);
  });
});
