import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { demoAda, participantLike } from "../results/support/results-service-for-suite.ts";
import { AUDIENCE, identityServiceForSuite, PORTAL_URL } from "./support.ts";

/**
 * A rotation as relying parties live through it, on the identity service's own schedule (its clock
 * moved, never waited out): the next key is published before it signs; a token signed before the
 * rotation is still accepted afterwards by the portal and by the results service; the old key goes
 * from the key set once every token it signed has expired.
 */
const HOUR = 3_600_000;
const ROTATION_DAYS = 90;
const PUBLISH_AHEAD_HOURS = 48;
/** The longest-lived token (12 h) and the clock tolerance (5 min). */
const RETAIN_MS = 12 * HOUR + 5 * 60_000;

const identity = identityServiceForSuite({
  signingKeyRotationDays: ROTATION_DAYS,
  signingKeyPublishAheadHours: PUBLISH_AHEAD_HOURS,
  // Read often, so the test sees each step as soon as the moved clock makes it due.
  signingKeyReloadMs: 50,
});
let results: RunningResultsService;
let workDir: string;
let checkResultsLinkToken: typeof import("~/services/results-link.server").checkResultsLinkToken;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "signing-key-rotation-"));
  const demoFile = path.join(workDir, "participants.json");
  // Ada of the identity service's test data (T1001), with results the results service can answer.
  await writeFile(demoFile, JSON.stringify({ participants: [participantLike("T1001")] }));
  results = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: identity.service.issuer,
    audience: AUDIENCE,
    dataDir: path.join(workDir, "results"),
    databaseUrl: await freshDatabaseUrl("rotation_results"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
  });
  // The portal's own check of a results link, configured against this identity service.
  Object.assign(process.env, {
    IDP_ISSUER: identity.service.issuer,
    RESULTS_API_URL: results.url,
    RESULTS_API_AUDIENCE: AUDIENCE,
    PORTAL_URL,
    PORTAL_DATA_DIR: path.join(workDir, "portal"),
    LOG_LEVEL: "silent",
  });
  ({ checkResultsLinkToken } = await import("~/services/results-link.server"));
}, 60_000);

afterAll(async () => {
  await results?.close();
  const { closeDatabase } = await import("~/services/db.server");
  await closeDatabase();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function publishedKids(): Promise<string[]> {
  const { keys } = (await (await fetch(`${identity.url}/jwks`)).json()) as { keys: { kid: string }[] };
  return keys.map((key) => key.kid);
}

/** A results link for Ada, as an operator mints one: its token is signed with the key that signs now. */
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

/** What the results service answers the token's bearer for Ada's results. */
const resultsStatus = async (token: string) =>
  (await fetch(`${results.url}/results/T1001?sourceID=${String(demoAda.sourceID)}`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

describe("a scheduled rotation of the token signing key", () => {
  it("publishes the next key before it signs, keeps the old one while its tokens live, then removes it", async () => {
    const [first] = await publishedKids();
    const before = await resultsLinkToken();
    expect(kidOf(before)).toBe(first);

    // The signing key is due for replacement: a next key is published, but the old one goes on signing.
    identity.clock.advance((ROTATION_DAYS * 24 - PUBLISH_AHEAD_HOURS) * HOUR);
    await expect.poll(publishedKids, { timeout: 10_000 }).toHaveLength(2);
    const [signing, next] = await publishedKids();
    expect(signing).toBe(first);
    expect(kidOf(await resultsLinkToken())).toBe(first);

    // Both relying parties take the token and, with it, the key set that already holds the next key.
    expect(await resultsStatus(before)).toBe(200);
    expect(await checkResultsLinkToken(before)).toMatchObject({ ok: true, userId: "T1001" });

    // The next key signs once its publication period has passed.
    identity.clock.advance(PUBLISH_AHEAD_HOURS * HOUR);
    await expect.poll(async () => kidOf(await resultsLinkToken()), { timeout: 10_000 }).toBe(next);
    expect(await publishedKids()).toEqual([next, first]);
    const after = await resultsLinkToken();

    // The token signed before the rotation is still accepted by both; so is the new key's.
    expect(await resultsStatus(before)).toBe(200);
    expect(await checkResultsLinkToken(before)).toMatchObject({ ok: true, userId: "T1001" });
    expect(await resultsStatus(after)).toBe(200);
    expect(await checkResultsLinkToken(after)).toMatchObject({ ok: true, userId: "T1001" });

    // Once every token the old key signed has expired, the key set no longer holds it.
    identity.clock.advance(RETAIN_MS - 60_000);
    expect(await publishedKids()).toEqual([next, first]);
    identity.clock.advance(2 * 60_000);
    await expect.poll(publishedKids, { timeout: 10_000 }).toEqual([next]);
    expect(kidOf(await resultsLinkToken())).toBe(next);
  });
});
