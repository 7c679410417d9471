import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

/**
 * A small identity provider on a real socket for route-level tests: discovery, keys, the token
 * endpoint and the account API, each answering what the test scripts. Nothing else is served, so
 * a route that calls something unexpected sees a 404.
 */
export type ScriptedAnswer = { status: number; body: Record<string, unknown> };
export type AccountRequest = { operation: string; authorization: string | undefined; body: Record<string, unknown> };

export const CLIENT_ID = "participant-portal";

/** The results service's answer for the signed-in participant once her kit has results. */
export const RESULTS_READY: ScriptedAnswer = {
  status: 200,
  body: {
    kitStatus: 3,
    apps: [],
    heapIdentifier: "h",
    isHealthOrResearch: true,
    agreements: ["rc"],
    Patient: { firstName: "Ada", middleName: null, lastName: "Testwell", email: "ada@example.test" },
  },
};

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

/** A fake that answers nothing until `start()`; what a test scripts and records is there from the first. */
export function createFakeIdentityProvider() {
  let keys: Awaited<ReturnType<typeof generateKeyPair>> | undefined;
  let publicJwk: JWK | undefined;
  let server: Server | undefined;
  const tokenRequests: URLSearchParams[] = [];
  const accountRequests: AccountRequest[] = [];
  /** Paths of the results calls the portal made (this server stands in for the results service too). */
  const resultsRequests: string[] = [];
  let resultsAnswer: ScriptedAnswer = { status: 404, body: { status: 404, message: "No results were found for this participant" } };
  let tokenAnswer: (form: URLSearchParams) => ScriptedAnswer = () => ({ status: 500, body: { error: "server_error" } });
  const accountAnswers = new Map<string, (body: Record<string, unknown>) => ScriptedAnswer>();
  /** Scripted answers of other results-service calls, by the path's first segment (`counselling`). */
  const resultsCallAnswers = new Map<string, (method: string, body: Record<string, unknown>) => ScriptedAnswer>();
  /** File downloads being sent (an export's file, a shared report): each stays open until the portal lets go of it. */
  const filesBeingSent = new Set<ServerResponse>();
  let issuer = "";

  async function handle(req: IncomingMessage, res: ServerResponse) {
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
    if (url.pathname === "/jwks") return sendJson(res, 200, { keys: [{ ...started(publicJwk), kid: "k1", alg: "RS256", use: "sig" }] });
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      tokenRequests.push(form);
      const answer = tokenAnswer(form);
      return sendJson(res, answer.status, answer.body);
    }
    const operation = /^\/api\/account\/([a-z-]+)$/.exec(url.pathname)?.[1];
    if (operation && req.method === "POST") {
      const text = await readBody(req);
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      accountRequests.push({ operation, authorization: req.headers.authorization, body });
      const answer = accountAnswers.get(operation)?.(body) ?? { status: 500, body: { status: "FAILURE", errorMessage: "unscripted" } };
      // Status 0 stands for a call that never answers: the connection is cut after the request arrived.
      if (answer.status === 0) return void req.socket.destroy();
      return sendJson(res, answer.status, answer.body);
    }
    if (/^\/exports\/[^/]+\/[^/]+\/file$|^\/shared\/report\.pdf$/.test(url.pathname) && req.method === "GET") {
      // The file's headers and its first bytes; the rest would follow as the portal reads.
      res.writeHead(200, { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="file.pdf"' });
      res.write(Buffer.alloc(16_384));
      filesBeingSent.add(res);
      res.once("close", () => filesBeingSent.delete(res));
      return;
    }
    if (url.pathname.startsWith("/results/") && req.method === "GET") {
      resultsRequests.push(url.pathname);
      return sendJson(res, resultsAnswer.status, resultsAnswer.body);
    }
    const scripted = resultsCallAnswers.get(url.pathname.split("/")[1] ?? "");
    if (scripted) {
      const text = await readBody(req);
      const answer = scripted(req.method ?? "GET", (text ? JSON.parse(text) : {}) as Record<string, unknown>);
      if (answer.status === 0) return void req.socket.destroy();
      return sendJson(res, answer.status, answer.body);
    }
    return sendJson(res, 404, { error: "not_found" });
  }

  return {
    get issuer() {
      return issuer;
    },
    tokenRequests,
    accountRequests,
    resultsRequests,
    /** How many file downloads are still open between the portal and this server. */
    filesBeingSent: () => filesBeingSent.size,
    answerResults(answer: ScriptedAnswer) {
      resultsAnswer = answer;
    },
    answerTokenRequests(answer: (form: URLSearchParams) => ScriptedAnswer) {
      tokenAnswer = answer;
    },
    /** Answers the results service's calls under `/<segment>/…` (status 0: the connection is cut). */
    answerResultsCalls(segment: string, answer: (method: string, body: Record<string, unknown>) => ScriptedAnswer) {
      resultsCallAnswers.set(segment, answer);
    },
    answerAccountOperation(operation: string, answer: (body: Record<string, unknown>) => ScriptedAnswer) {
      accountAnswers.set(operation, answer);
    },
    reset() {
      tokenRequests.length = 0;
      accountRequests.length = 0;
      resultsRequests.length = 0;
      accountAnswers.clear();
      resultsCallAnswers.clear();
      tokenAnswer = () => ({ status: 500, body: { error: "server_error" } });
    },
    /** A token as the real provider signs it, for `audience`; claims override the participant's defaults. */
    signToken(claims: Record<string, unknown>, audience: string = CLIENT_ID): Promise<string> {
      return new SignJWT({ uid: "P1001", email: "ada@example.test", given_name: "Ada", family_name: "Testwell", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(typeof claims.uid === "string" ? claims.uid : "P1001")
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(started(keys).privateKey);
    },
    /** An id token of a sign-in made just now (as the real provider's, it always says when: `auth_time`). */
    idToken(claims: Record<string, unknown>): Promise<string> {
      return this.signToken({ auth_time: Math.floor(Date.now() / 1000), ...claims });
    },
    /** Listens on a free port of loopback, signing with a key pair of its own. */
    async start() {
      keys = await generateKeyPair("RS256", { extractable: true });
      publicJwk = await exportJWK(keys.publicKey);
      server = await new Promise<Server>((resolve) => {
        const created = createServer((req, res) => void handle(req, res));
        created.listen(0, "127.0.0.1", () => resolve(created));
      });
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of filesBeingSent) res.destroy();
        return server ? server.close(() => resolve()) : resolve();
      }),
  };
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the fake identity provider has not been started");
  return value;
}

export type FakeIdentityProvider = ReturnType<typeof createFakeIdentityProvider>;
