import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { type RunningIdentityService, startIdentityService } from "../../../platform/identity/service.ts";
import { requestLimitsPer10Minutes } from "../../../platform/identity/store/request-limits.ts";
import { DEFAULT_SENDING_BUDGETS, sendingBudgetsFrom } from "../../../platform/identity/store/sending-budget.ts";
import { freshDatabaseUrl } from "../../support/database";

export const PORTAL_URL = "http://localhost:4999";
export const CLIENT_ID = "participant-portal";
export const CLIENT_SECRET = "test-portal-secret-0123456789";
export const AUDIENCE = "http://localhost:4998";
export const REDIRECT_URI = `${PORTAL_URL}/auth/callback`;

export const participants = [
  {
    userId: "T1001",
    email: "ada@example.test",
    password: "analytical-engine-1843",
    phone: "+15555550101",
    phoneMethods: ["sms", "voice"],
    firstName: "Ada",
    middleName: "King",
    lastName: "Lovelace",
    locale: "en",
  },
  {
    userId: "T1002",
    email: "grace@example.test",
    password: "compiler-cobol-1959",
    phone: "+15555550102",
    phoneMethods: ["voice"],
    firstName: "Grace",
    lastName: "Hopper",
    locale: "en",
  },
  {
    userId: "T1003",
    email: "alan@example.test",
    password: "enigma-bombe-1940",
    phone: null,
    firstName: "Alan",
    lastName: "Turing",
    locale: "es",
  },
  {
    userId: "T1004",
    email: "katherine@example.test",
    password: "orbital-mechanics-1962",
    phone: "+15555550104",
    phoneMethods: ["sms", "voice"],
    firstName: "Katherine",
    lastName: "Johnson",
    locale: "en",
  },
  {
    userId: "T1005",
    email: "hedy@example.test",
    password: "frequency-hopping-1942",
    phone: "+15555550105",
    phoneMethods: ["sms", "voice"],
    firstName: "Hedy",
    lastName: "Lamarr",
    locale: "en",
  },
];

/** An account of a suite's own, like Ada's (a phone for texts and calls, English) but for who it is. */
export function accountLikeAda(
  userId: string,
  email: string,
  password: string,
  phone: string,
  who: { firstName: string; lastName: string; locale?: string },
) {
  return { ...participants[0]!, userId, email, password, phone, middleName: undefined, ...who };
}

/** Every escalated answer's delay, recorded instead of waited out. */
export const slowDowns: number[] = [];

/** A clock the test can move forward; everything time-limited in the service reads it. */
export function createTestClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => void (offsetMs += ms) };
}

/** A directory of its own for one provider: its data, and the participants it is seeded with. */
async function providerDirectory(name: string, people: readonly unknown[]) {
  const dir = await mkdtemp(join(tmpdir(), `idp-${name}-`));
  const demoParticipantsFile = join(dir, "participants.json");
  await writeFile(demoParticipantsFile, JSON.stringify({ participants: people }));
  return { dataDir: join(dir, "db"), demoParticipantsFile };
}

export async function startTestService(now: () => Date, overrides: Record<string, unknown> = {}): Promise<RunningIdentityService> {
  const { dataDir, demoParticipantsFile } = await providerDirectory("test", participants);
  return startIdentityService({
    production: false,
    port: 0,
    host: "127.0.0.1",
    portalUrl: PORTAL_URL,
    portalClientId: CLIENT_ID,
    portalClientSecret: CLIENT_SECRET,
    resultsApiAudience: AUDIENCE,
    dataDir,
    databaseUrl: await freshDatabaseUrl("identity"),
    cookieKeys: ["test-cookie-key-one"],
    factorKey: "test-factor-key-of-at-least-32-characters",
    registrationEnabled: true,
    selfServiceUnlockEnabled: false,
    codeResendLockSeconds: 30,
    // Generous: these suites sign the same participants in many times; the budgets have their own tests.
    sendingBudgets: sendingBudgetsFrom({
      ...DEFAULT_SENDING_BUDGETS,
      accountHourly: 1000,
      accountDaily: 1000,
      numberHourly: 1000,
      numberDaily: 1000,
      recoveryNumberHourly: 1000,
      recoveryNumberDaily: 1000,
      establishedHourly: 10_000,
      newcomerHourly: 10_000,
      recoveryHourly: 10_000,
      smsHourly: 10_000,
      voiceHourly: 10_000,
      reservedPercent: 0,
      newNumbersDaily: 100,
      newNumbersBeforeCheck: 100,
    }),
    trustedProxies: [],
    // Every suite signs in from one address many times; the limits per address have their own tests.
    requestLimits: requestLimitsPer10Minutes(1_000_000, 1_000_000),
    demoParticipantsFile,
    now,
    logger: pino({ level: "silent" }),
    captchaCost: 200,
    slowDown: async (ms: number) => void slowDowns.push(ms),
    ...overrides,
  });
}

/** The identity service the tests of one suite share, and the clock they move. */
export interface SharedIdentityService {
  readonly clock: ReturnType<typeof createTestClock>;
  /** The running service (from the suite's first test on). */
  readonly service: RunningIdentityService;
  /** Where the tests reach it. */
  readonly url: string;
}

/**
 * One identity service for all the tests of a suite (the file, or the describe block it is called
 * in): started on a fresh database before them, with `settings` over the test defaults, seeded with
 * `people` (the demo participants unless given), and closed after them.
 */
export function identityServiceForSuite(
  settings: Record<string, unknown> = {},
  people: readonly unknown[] = participants,
): SharedIdentityService {
  const clock = createTestClock();
  let running: RunningIdentityService | undefined;
  beforeAll(async () => {
    const seeded = people === participants ? {} : await providerDirectory("suite", people);
    running = await startTestService(clock.now, { ...seeded, ...settings });
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    clock,
    get service() {
      if (!running) throw new Error("the identity service starts before the suite's first test");
      return running;
    },
    get url() {
      return this.service.url;
    },
  };
}

/** Cookies by name, as a browser on one host would keep them. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split("=")[1] ?? "").getTime() < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

export class Browser {
  readonly jar = new CookieJar();
  readonly base: string;
  /** The client address a trusted proxy would name (`X-Forwarded-For`), for per-address limits; none by default. */
  readonly address: string | undefined;

  constructor(base: string, address?: string) {
    this.base = base;
    this.address = address;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: this.jar.header(), ...(this.address ? { "x-forwarded-for": this.address } : {}), ...extra };
  }

  async get(path: string): Promise<Response> {
    const response = await fetch(new URL(path, this.base), { redirect: "manual", headers: this.headers() });
    this.jar.store(response);
    return response;
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    const response = await fetch(new URL(path, this.base), {
      method: "POST",
      redirect: "manual",
      headers: this.headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams(form),
    });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects that stay on the identity provider; returns the last response (a page or a redirect away). */
  async follow(response: Response): Promise<Response> {
    let current = response;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get("location")!, this.base);
      if (location.origin !== new URL(this.base).origin) return current;
      current = await this.get(location.pathname + location.search);
    }
    return current;
  }
}

export interface ParsedForm {
  action: string;
  fields: Record<string, string>;
}

/** The forms of an HTML page with their hidden/pre-filled fields (enough for these server-rendered pages). */
export function parseForms(html: string): ParsedForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, tag = "", body = ""]) => {
    const action = /action="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const fields: Record<string, string> = {};
    for (const [, input = ""] of body.matchAll(/<input\b([^>]*)>/g)) {
      const name = /name="([^"]*)"/.exec(input)?.[1];
      const type = /type="([^"]*)"/.exec(input)?.[1];
      if (!name || ((type === "radio" || type === "checkbox") && !/\bchecked\b/.test(input))) continue;
      fields[name] = /value="([^"]*)"/.exec(input)?.[1] ?? "";
    }
    return { action, fields };
  });
}

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizePath(params: { challenge: string; state: string; extra?: Record<string, string> }): string {
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email profile offline_access",
    state: params.state,
    nonce: randomBytes(16).toString("base64url"),
    code_challenge: params.challenge,
    code_challenge_method: "S256",
    ...params.extra,
  });
  return `/auth?${query}`;
}

export function basicAuth(): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString("base64")}`;
}

export async function postToken(base: string, form: Record<string, string>): Promise<Response> {
  return fetch(new URL("/token", base), {
    method: "POST",
    headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** An e-mail the identity provider sent, as its development outbox lists it. */
export interface OutboxMail {
  channel: string;
  purpose: string;
  subject?: string;
  body?: string;
  link?: string;
}

/** A provider seeded with `people` only (instead of the demo participants), on a database of its own. */
export async function startServiceWith(
  name: string,
  people: readonly unknown[],
  overrides: Record<string, unknown> = {},
): Promise<RunningIdentityService> {
  return startTestService(() => new Date(), {
    ...(await providerDirectory(name, people)),
    databaseUrl: await freshDatabaseUrl(`identity_${name.replaceAll("-", "_")}`),
    ...overrides,
  });
}

export type AccountAnswer = { status: number; body: Record<string, unknown> & { errorCode?: string } };

/** The account API as the portal calls it, on the provider at `base()`: the answer's status and body. */
export function accountApiAt(base: () => string) {
  return async (path: string, token: string, body: unknown = {}): Promise<AccountAnswer> => {
    const response = await fetch(new URL(`/api/account/${path}`, base()), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!text.startsWith("{")) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, body: JSON.parse(text) as AccountAnswer["body"] };
  };
}

/** The e-mails (not codes) the development outbox holds for an address. */
export async function emailsTo(base: string, email: string): Promise<OutboxMail[]> {
  const messages = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(email)}`, base))).json()) as OutboxMail[];
  return messages.filter((message) => message.channel === "email");
}

export async function latestCode(base: string, to: string): Promise<{ code: string; channel: string; purpose: string }> {
  const messages = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, base))).json()) as {
    code: string;
    channel: string;
    purpose: string;
  }[];
  if (!messages[0]) throw new Error(`no message to ${to}`);
  return messages[0];
}

/** Submits one form of a hosted page with extra fields and follows redirects on the provider. */
export async function submit(browser: Browser, html: string, fields: Record<string, string>, formIndex = 0) {
  const form = parseForms(html)[formIndex];
  if (!form) throw new Error(`the page has no form ${formIndex}`);
  const page = await browser.follow(await browser.post(form.action, { ...form.fields, ...fields }));
  return { response: page, html: page.status >= 300 && page.status < 400 ? "" : await page.text() };
}

export async function beginSignIn(browser: Browser, extra?: Record<string, string>) {
  const pkce = pkcePair();
  const state = `state-${Math.random().toString(36).slice(2)}`;
  const page = await browser.follow(await browser.get(authorizePath({ challenge: pkce.challenge, state, extra })));
  const uid = new URL(page.url).pathname.split("/")[2] ?? "";
  return { pkce, state, page, uid, html: await page.text() };
}

/** 'Forgot password?' from a fresh sign-in page, `email` given: the page that asks how to send the code. */
export async function openRecovery(browser: Browser, email: string, extra?: Record<string, string>) {
  const { uid } = await beginSignIn(browser, extra);
  const identify = await browser.follow(await browser.get(`/interaction/${uid}/recover`));
  return { uid, ...(await submit(browser, await identify.text(), { email })) };
}

type TestParticipant = (typeof participants)[number];

/** Drives identify → select → challenge with the code read from the outbox; returns the authorization code. */
export async function signIn(
  browser: Browser,
  who: TestParticipant,
  options: { method?: "sms" | "voice"; remember?: boolean; extra?: Record<string, string> } = {},
) {
  const started = await beginSignIn(browser, options.extra);
  let step = await submit(browser, started.html, {
    username: who.email,
    password: who.password,
    ...(options.remember ? { rememberMe: "true" } : {}),
  });
  if (step.html.includes('name="authMethod"')) {
    step = await submit(browser, step.html, { authMethod: options.method ?? "sms" });
    const { code } = await latestCode(browser.base, who.phone!);
    step = await submit(browser, step.html, { intent: "verify", code });
  }
  const location = new URL(step.response.headers.get("location")!);
  if (location.origin + location.pathname !== REDIRECT_URI) throw new Error(`sign-in ended at ${location}`);
  if (location.searchParams.get("state") !== started.state) throw new Error("state changed during sign-in");
  return { code: location.searchParams.get("code")!, verifier: started.pkce.verifier };
}

/**
 * Recovery on a new browser up to the new-password page: a text asked for past the resend lock (the
 * suite's clock moved 31 s) and its code, read from the outbox, entered.
 */
export async function recoverToNewPassword(idp: SharedIdentityService, email: string, phone: string, extra?: Record<string, string>) {
  const browser = new Browser(idp.url);
  const asked = await openRecovery(browser, email, extra);
  idp.clock.advance(31_000);
  const challenge = await submit(browser, asked.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
  const { code } = await latestCode(idp.url, phone);
  return { browser, page: await submit(browser, challenge.html, { intent: "verify", code }) };
}

export type TokenResponse = { access_token: string; id_token: string; refresh_token: string; expires_in: number; token_type: string };

/** A full sign-in and code exchange: the tokens the portal would hold. */
export async function tokensFor(base: string, who: TestParticipant, options: { method?: "sms" | "voice" } = {}) {
  const browser = new Browser(base);
  const { code, verifier } = await signIn(browser, who, options);
  const response = await postToken(base, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  if (response.status !== 200) throw new Error(`token exchange answered ${response.status}`);
  return { browser, tokens: (await response.json()) as TokenResponse };
}

/**
 * A participant signed in on two browsers changes her password through the account API from the
 * second, as the portal's update does (the code asked for past the resend lock): the status of each
 * step, and both sign-ins' tokens.
 */
export async function changePasswordFromSecondSignIn(
  idp: SharedIdentityService,
  who: TestParticipant,
  update: { password: string; attemptId: string },
) {
  const other = (await tokensFor(idp.url, who)).tokens;
  const caller = (await tokensFor(idp.url, who)).tokens;
  idp.clock.advance(31_000);
  const accountApi = accountApiAt(() => idp.url);
  const step = async (operation: string, body?: unknown) => (await accountApi(operation, caller.access_token, body)).status;
  const steps = [
    await step("recover-password"),
    await step("send-verification-code", { purpose: "password-update", authMethod: "sms" }),
    await step("verify-code", { purpose: "password-update", code: (await latestCode(idp.url, who.phone!)).code }),
    await step("update-password", update),
  ];
  return { other, caller, steps };
}

/** What the hosted pages' script does in a browser: fetch a proof-of-work challenge, solve it, encode the token. */
export async function solvedCaptchaToken(base: string): Promise<string> {
  const challenge = (await (await fetch(new URL("/api/captcha/challenge", base))).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
