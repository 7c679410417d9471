import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCounsellingNotices } from "../../../platform/identity/account-api/counselling-notices.ts";
import type { ResultsNoticeDeps } from "../../../platform/identity/account-api/results-notice-relay.ts";
import type { SigningKeys } from "../../../platform/identity/oidc/signing-keys.ts";
import type { AccountStore } from "../../../platform/identity/store/accounts.ts";
import type { Outbox } from "../../../platform/identity/store/outbox.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { checkEveryResultsAnswer } from "../../support/results-contract";

const AUDIENCE = "http://results.test";
type Delivered = { to: string; subject?: string; body?: string; link?: string; locale?: string; dedupeKey?: string };

let keys: SigningKeys;
let jwksServer: Server;
let issuer: string;
let results: RunningResultsService;
let workDir: string;
// The identity provider's calls and the test's own: every answer of the results service is checked against its document.
checkEveryResultsAnswer(() => results?.url);

beforeAll(async () => {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = await exportJWK(privateKey);
  const current = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
  const { kty, n, e, kid, alg, use } = current;
  keys = { current, privateJwks: { keys: [current] }, publicJwks: { keys: [{ kty, n, e, kid, alg, use }] } };
  jwksServer = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(keys.publicJwks)));
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;

  workDir = await mkdtemp(path.join(tmpdir(), "counselling-notices-test-"));
  const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as { participants: { email: string }[] };
  const demoFile = path.join(workDir, "participants.json");
  // Lucía with her health results ready (kit status 5), so she can ask about her FH result.
  const lucia = demo.participants.filter((p) => p.email === "lucia@example.test").map((p) => ({ ...p, kitStatus: 5 }));
  await writeFile(demoFile, JSON.stringify({ participants: lucia }));
  results = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer,
    jwksUrl: `${issuer}/jwks`,
    audience: AUDIENCE,
    dataDir: path.join(workDir, "data"),
    databaseUrl: await freshDatabaseUrl("counselling_notices"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
  });
});

afterAll(async () => {
  await results?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

async function accessToken(userId: string) {
  return new SignJWT({ uid: userId })
    .setProtectedHeader({ alg: "RS256", kid: keys.current.kid! })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(await importJWK(keys.current, "RS256"));
}

function senderWith(delivered: Delivered[]): ResultsNoticeDeps {
  return {
    resultsApiUrl: results.url,
    resultsApiAudience: AUDIENCE,
    issuer,
    keys,
    accounts: { findById: async (id: string) => (id === "P1006" ? { id, email: "lucia@example.test" } : null) } as unknown as AccountStore,
    outbox: { deliver: async (message: Delivered) => void delivered.push(message) } as unknown as Outbox,
    portalUrl: "http://portal.test",
    logger: pino({ level: "silent" }),
    intervalMs: 1000,
  };
}

describe("counselling acknowledgements (identity provider)", () => {
  it("e-mails each new request once, in the participant's portal language, naming no result", async () => {
    const start = Date.now() + 3 * 86_400_000;
    const created = await fetch(`${results.url}/counselling/P1006`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("P1006")}`, "content-type": "application/json" },
      body: JSON.stringify({
        appId: "app-1006-fh-health",
        contact: "phone",
        language: "es",
        timeZone: "America/Mexico_City",
        windows: [{ start: new Date(start).toISOString(), end: new Date(start + 2 * 3_600_000).toISOString() }],
        note: "Mi hermano también quiere saber",
        locale: "es",
      }),
    });
    expect(created.status).toBe(201);
    const { request } = (await created.json()) as { request: { id: string } };

    const delivered: Delivered[] = [];
    // Two senders (two instances of the identity provider) at once: the request is acknowledged once.
    const sent = await Promise.all([sendCounsellingNotices(senderWith(delivered)), sendCounsellingNotices(senderWith(delivered))]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(delivered).toHaveLength(1);
    const [mail] = delivered;
    expect(mail).toMatchObject({
      to: "lucia@example.test",
      subject: "Recibimos su solicitud para hablar con un asesor genético",
      link: "http://portal.test/counselling",
      locale: "es",
      dedupeKey: `counselling-request:${request.id}`,
    });
    expect(`${mail!.subject} ${mail!.body}`).not.toMatch(/hipercolesterolemia|salud|hermano|FH/i);
    // Acknowledged: nothing goes out again.
    expect(await sendCounsellingNotices(senderWith(delivered))).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it("is refused a participant's token where only the identity provider's is taken", async () => {
    const claimed = await fetch(`${results.url}/counselling-notices/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("P1006")}` },
    });
    expect(claimed.status).toBe(401);
  });
});
