import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../../../lib/postgres/index.ts";
import type { ResultsNoticeDeps } from "../../../platform/identity/account-api/results-notice-relay.ts";
import { sendShareNotices } from "../../../platform/identity/account-api/share-notices.ts";
import type { SigningKeys } from "../../../platform/identity/oidc/signing-keys.ts";
import type { AccountStore } from "../../../platform/identity/store/accounts.ts";
import { IDENTITY_SERVICE, identityMigrations } from "../../../platform/identity/store/migrations.ts";
import { createOutbox, type Outbox } from "../../../platform/identity/store/outbox.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { checkEveryResultsAnswer } from "../../support/results-contract";

const AUDIENCE = "http://results.test";
type Delivered = { to: string; subject?: string; body?: string; link?: string };

let keys: SigningKeys;
let jwksServer: Server;
let issuer: string;
let results: RunningResultsService;
let workDir: string;
/** The results service's clock runs this many seconds ahead (a notice's hold of a minute can run out). */
let resultsClockAhead = 0;
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

  workDir = await mkdtemp(path.join(tmpdir(), "share-notices-test-"));
  const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as { participants: { email: string }[] };
  const demoFile = path.join(workDir, "participants.json");
  // Lucía with her health results ready (kit status 5), so her FH report can be shared.
  const lucia = demo.participants.filter((p) => p.email === "lucia@example.test").map((p) => ({ ...p, kitStatus: 5 }));
  await writeFile(demoFile, JSON.stringify({ participants: lucia }));
  results = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer,
    jwksUrl: `${issuer}/jwks`,
    audience: AUDIENCE,
    dataDir: path.join(workDir, "data"),
    databaseUrl: await freshDatabaseUrl("share_notices"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
    nowSeconds: () => Math.floor(Date.now() / 1000) + resultsClockAhead,
    shareSettings: {
      answerFloorMs: 0,
      missBudget: { max: 1000, windowSeconds: 3600 },
      sourceMissBudget: { max: 1000, windowSeconds: 900 },
    },
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

describe("share notices (identity provider)", () => {
  it("e-mails a share, its opening and its end to the participant once, in the share's language", async () => {
    const created = await fetch(`${results.url}/shares/P1006`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("P1006")}`, "content-type": "application/json" },
      body: JSON.stringify({ appId: "app-1006-fh-health", recipient: "Dra. Soto", days: 1, language: "es" }),
    });
    expect(created.status).toBe(201);
    const { share, code } = (await created.json()) as { share: { id: string }; code: string };
    const opened = await fetch(`${results.url}/shared/open`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, dateOfBirth: "1991-07-23", device: "phone · Safari" }),
    });
    expect(opened.status).toBe(200);
    await fetch(`${results.url}/shares/P1006/${share.id}/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("P1006")}` },
    });

    const delivered: Delivered[] = [];
    // Two senders (two instances of the identity provider) at once: each event goes out once.
    const sent = await Promise.all([sendShareNotices(senderWith(delivered)), sendShareNotices(senderWith(delivered))]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(await sendShareNotices(senderWith(delivered))).toBe(0);
    expect(delivered.map((message) => message.subject).sort()).toEqual([
      "Se abrió su informe compartido",
      "Usted compartió un informe",
      "Usted terminó un acceso compartido",
    ]);
    expect(
      delivered.every((message) => message.to === "lucia@example.test" && message.link === `http://portal.test/shares/${share.id}`),
    ).toBe(true);
    expect(delivered.find((message) => message.subject === "Se abrió su informe compartido")!.body).toContain("Dra. Soto");
    expect(delivered.find((message) => message.subject === "Se abrió su informe compartido")!.body).toContain("un teléfono (Safari)");
    // The code is in no e-mail.
    expect(JSON.stringify(delivered)).not.toContain(code);
  });

  it("is refused by the results service without its own token", async () => {
    const claimed = await fetch(`${results.url}/share-notices/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("P1006")}` },
    });
    expect(claimed.status).toBe(401);
  });

  it("e-mails a notice once when its acknowledgement is lost and it is taken again", async () => {
    const created = await fetch(`${results.url}/shares/P1006`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("P1006")}`, "content-type": "application/json" },
      body: JSON.stringify({ appId: "app-1006-fh-health", recipient: "Dr. Lane", days: 7, language: "en" }),
    });
    expect(created.status).toBe(201);
    // The identity provider's own outbox, and a way to the results service that loses the first acknowledgement.
    const db = await openDatabase({ url: await freshDatabaseUrl("share_notice_outbox"), dataDir: path.join(workDir, "identity") });
    await migrate(db, IDENTITY_SERVICE, identityMigrations);
    let acksToLose = 1;
    const lossy = createServer(async (req, res) => {
      if (req.url?.endsWith("/ack") && acksToLose-- > 0) return res.writeHead(503).end();
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(`${results.url}${req.url}`, {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? "", "content-type": req.headers["content-type"] ?? "application/json" },
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => lossy.listen(0, "127.0.0.1", resolve));
    try {
      const deps: ResultsNoticeDeps = {
        ...senderWith([]),
        resultsApiUrl: `http://127.0.0.1:${(lossy.address() as AddressInfo).port}`,
        outbox: createOutbox(db, () => new Date()),
      };
      await expect(sendShareNotices(deps)).rejects.toThrow(/503 to the acknowledgement/);
      // Not acknowledged: once its hold of a minute has run out, the notice is handed out again.
      resultsClockAhead += 61;
      expect(await sendShareNotices(deps)).toBe(0);
      expect(await sendShareNotices(deps)).toBe(0);
      const rows = await db.query<{ subject: string; dedupe_key: string }>("SELECT subject, dedupe_key FROM idp_outbox");
      expect(rows).toHaveLength(1);
      expect(rows[0]!.subject).toBe("You shared a report");
      expect(rows[0]!.dedupe_key).toMatch(/^share-event:/);
    } finally {
      await new Promise((resolve) => lossy.close(resolve));
      await db.close();
    }
  });
});
