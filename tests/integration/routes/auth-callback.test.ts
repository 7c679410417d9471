import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/**
 * The sign-in callback's loader, called directly against a small identity provider on a real socket.
 * Which screen a failed callback shows depends on remix-auth-oauth2's error classes and wording
 * (RangeError for a state mismatch, ReferenceError for a missing code or transaction): these tests
 * pin that contract, so a library upgrade that changes it fails here, not in front of a participant.
 */
type TokenAnswer = (form: URLSearchParams) => { status: number; body: Record<string, unknown> };

const CLIENT_ID = "participant-portal";
const dataDir = mkdtempSync(path.join(tmpdir(), "callback-test-"));
let server: Server;
let issuer = "";
let privateKey: CryptoKey;
let publicJwk: JWK;
let tokenAnswer: TokenAnswer;
let tokenRequests: URLSearchParams[] = [];

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

async function fakeIdentityProvider(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", issuer);
  if (url.pathname === "/.well-known/openid-configuration") {
    return sendJson(res, 200, {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      revocation_endpoint: `${issuer}/token/revocation`,
      end_session_endpoint: `${issuer}/session/end`,
      code_challenge_methods_supported: ["S256"],
    });
  }
  if (url.pathname === "/jwks") return sendJson(res, 200, { keys: [{ ...publicJwk, kid: "k1", alg: "RS256", use: "sig" }] });
  if (url.pathname === "/token" && req.method === "POST") {
    const form = new URLSearchParams(await readBody(req));
    tokenRequests.push(form);
    const answer = tokenAnswer(form);
    return sendJson(res, answer.status, answer.body);
  }
  // The results service is not part of this test: the session falls back to the id token's name.
  return sendJson(res, 404, { error: "not_found" });
}

let callbackLoader: typeof import("~/routes/auth.callback").loader;
let portalAuthenticator: typeof import("~/services/authenticator.server").portalAuthenticator;
let nonceForState: typeof import("~/services/idp.server").nonceForState;

beforeAll(async () => {
  const keys = await generateKeyPair("RS256", { extractable: true });
  privateKey = keys.privateKey as CryptoKey;
  publicJwk = await exportJWK(keys.publicKey);
  server = await new Promise<Server>((resolve) => {
    const created = createServer((req, res) => void fakeIdentityProvider(req, res));
    created.listen(0, "127.0.0.1", () => resolve(created));
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    IDP_ISSUER: issuer,
    IDP_CLIENT_ID: CLIENT_ID,
    RESULTS_API_URL: issuer,
    RESULTS_TIMEOUT_MS: "300",
    PORTAL_URL: "http://localhost:3000",
    PORTAL_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  callbackLoader = (await import("~/routes/auth.callback")).loader;
  portalAuthenticator = (await import("~/services/authenticator.server")).portalAuthenticator;
  nonceForState = (await import("~/services/idp.server")).nonceForState;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  const { closeDatabase } = await import("~/services/db.server");
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  tokenRequests = [];
  tokenAnswer = () => ({ status: 500, body: { error: "server_error" } });
});

/** The first leg, as the sign-in route runs it: the transaction cookie and the state sent to the IdP. */
async function startTransaction(): Promise<{ cookie: string; state: string }> {
  const authenticator = await portalAuthenticator();
  try {
    await authenticator.authenticate("idp", new Request("http://localhost:3000/auth/sign-in?ui_locales=en"));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const location = new URL(thrown.headers.get("Location") ?? "");
    const cookie = thrown.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    return { cookie, state: location.searchParams.get("state") ?? "" };
  }
  throw new Error("the first leg did not redirect to the identity provider");
}

async function idToken(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT({ uid: "P1001", email: "ada@example.test", given_name: "Ada", family_name: "Testwell", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(issuer)
    .setAudience(CLIENT_ID)
    .setSubject("P1001")
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(privateKey);
}

async function callback(query: Record<string, string>, cookie?: string) {
  const url = new URL("http://localhost:3000/auth/callback");
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  return callbackLoader({ request, params: {}, context: {} });
}

async function screenOf(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: ((await response.json()) as { code: string }).code };
}

describe("sign-in callback: which screen a failed sign-in shows", () => {
  it("without the transaction cookie: 'No transaction data was found in storage'", async () => {
    const { state } = await startTransaction();
    expect(await screenOf(await callback({ state, code: "abc" }))).toEqual({ status: 400, code: "noTransaction" });
    expect(tokenRequests).toHaveLength(0);
  });

  it("a state that is not the transaction's: the library's RangeError becomes 'stateMismatch'", async () => {
    const { cookie } = await startTransaction();
    const { state: otherState } = await startTransaction();
    expect(await screenOf(await callback({ state: otherState, code: "abc" }, cookie))).toEqual({ status: 400, code: "stateMismatch" });
    expect(tokenRequests).toHaveLength(0);
  });

  it("a malformed state is refused before the library is asked", async () => {
    const { cookie } = await startTransaction();
    expect(await screenOf(await callback({ state: "short", code: "abc" }, cookie))).toEqual({ status: 400, code: "stateMismatch" });
  });

  it("no code in the URL: the library's ReferenceError becomes 'missingCode'", async () => {
    const { cookie, state } = await startTransaction();
    expect(await screenOf(await callback({ state }, cookie))).toEqual({ status: 400, code: "missingCode" });
  });

  it("the IdP refuses the code (expired or used): 'flowTimedOut'", async () => {
    const { cookie, state } = await startTransaction();
    tokenAnswer = () => ({ status: 400, body: { error: "invalid_grant", error_description: "grant request is invalid" } });
    expect(await screenOf(await callback({ state, code: "used-code" }, cookie))).toEqual({ status: 400, code: "flowTimedOut" });
    expect(tokenRequests[0]?.get("code_verifier")).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
  });

  it("the IdP does not know the client: 'clientMismatch'", async () => {
    const { cookie, state } = await startTransaction();
    tokenAnswer = () => ({ status: 401, body: { error: "invalid_client" } });
    expect(await screenOf(await callback({ state, code: "abc" }, cookie))).toEqual({ status: 400, code: "clientMismatch" });
  });

  it("an IdP failure the participant cannot fix: 'unknown' with 502", async () => {
    const { cookie, state } = await startTransaction();
    expect(await screenOf(await callback({ state, code: "abc" }, cookie))).toEqual({ status: 502, code: "unknown" });
  });

  it("an id token with another nonce: 'nonceMismatch', and no session cookie", async () => {
    const { cookie, state } = await startTransaction();
    const token = await idToken({ nonce: "not-the-nonce-of-this-state" });
    tokenAnswer = () => ({ status: 200, body: { access_token: "at", token_type: "Bearer", expires_in: 1800, id_token: token } });
    const response = await callback({ state, code: "abc" }, cookie);
    expect(await screenOf(response)).toEqual({ status: 400, code: "nonceMismatch" });
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/portal_session/);
  });

  it("a valid answer starts a session and returns to the portal with the transaction cookie cleared", async () => {
    const { cookie, state } = await startTransaction();
    const token = await idToken({ nonce: nonceForState(state), amr: ["pwd", "sms"], acr: "urn:portal:mfa" });
    tokenAnswer = () => ({
      status: 200,
      body: { access_token: "at", token_type: "Bearer", expires_in: 1800, id_token: token, refresh_token: "rt" },
    });
    const response = await callback({ state, code: "abc" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((line) => /^portal_oauth:[^=]*=;.*Max-Age=0/.test(line))).toBe(true);
    expect(cookies.some((line) => /^portal_session=[^;]+;.*HttpOnly/i.test(line))).toBe(true);
  });
});
