/**
 * The abuse campaign's replay of a verification that belongs to one session and one purpose: the
 * participant passes a code in her own session; a second session of hers (stolen, or left open on a
 * shared computer) tries, with its own access token, to change her phone number or add its own
 * authenticator app on the strength of that code; a code passed for a withdrawal tries to open a
 * factor change. Each must be refused, while the participant's own change still goes through.
 */
import * as oidc from "openid-client";
import { HttpBrowser } from "../tests/support/http-client.ts";
import { openIdentifyPage, submitPassword } from "../tests/support/sign-in.ts";
import type { Stack } from "../tests/support/stack.ts";

export type Participant = { email: string; password: string; phone: string };
type Message = { id: string; code?: string; channel: string };

const STRANGERS_NUMBER = "+15555554321";

/** The messages the development outbox holds for `to`. */
export async function outbox(stack: Stack, to: string): Promise<Message[]> {
  return (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, stack.identityUrl))).json()) as Message[];
}

/** A browser behind an address of its own (the stack believes X-Forwarded-For from loopback). */
export class BrowserAt extends HttpBrowser {
  private readonly address: string;

  constructor(address: string) {
    super();
    this.address = address;
  }
  override request(url: string | URL, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    return super.request(url, { ...init, headers: { "x-forwarded-for": this.address, ...init.headers } });
  }
}

/** Redirects followed while they stay on the stack's identity provider. */
export function onIdp(stack: Stack) {
  return (next: URL) => next.origin === new URL(stack.identityUrl).origin;
}

let homes = 0;

/**
 * A participant's own browser in `network` (a /16), at an address of its own: the stranger's plain
 * requests all come from loopback, which the per-address limits slow down.
 */
export function atHome(network: string) {
  homes += 1;
  return new BrowserAt(`${network}.${(homes >> 8) & 255}.${homes & 255}`);
}

/**
 * Her session at the identity provider as the portal holds one (a refused code exchange throws): its
 * access token is what a stolen one carries.
 */
async function sessionOf(stack: Stack, who: Participant, client: { id: string; secret: string }): Promise<string | null> {
  const browser = atHome("198.19");
  const config = await oidc.discovery(new URL(stack.identityUrl), client.id, undefined, oidc.ClientSecretBasic(client.secret), {
    execute: [oidc.allowInsecureRequests],
  });
  const checks = { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: oidc.randomState(), expectedNonce: oidc.randomNonce() };
  const authorize = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${stack.portalUrl}/auth/callback`,
    scope: "openid email profile offline_access",
    state: checks.expectedState,
    nonce: checks.expectedNonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
    code_challenge_method: "S256",
  });
  let step = await submitPassword(browser, await openIdentifyPage(browser, stack.portalUrl, authorize.href), who.email, who.password);
  const before = new Set((await outbox(stack, who.phone)).map((message) => message.id));
  step = await browser.submit(step, { authMethod: "sms" }, onIdp(stack));
  const code = (await outbox(stack, who.phone)).find((message) => !before.has(message.id))?.code;
  if (!code) return null;
  step = await browser.submit(step, { intent: "verify", code }, onIdp(stack));
  const callback = new URL(step.response.headers.get("location") ?? "", step.url);
  return (await oidc.authorizationCodeGrant(config, callback, checks)).access_token;
}

async function api(stack: Stack, token: string, operation: string, body: unknown = {}) {
  const response = await fetch(new URL(`/api/account/${operation}`, stack.identityUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { errorCode?: string; factors?: { freshUntil: string | null } } };
}

/** A code to her phone, passed in this session for `purpose`. */
async function passCode(stack: Stack, token: string, who: Participant, purpose: "factors" | "withdrawal"): Promise<boolean> {
  const before = new Set((await outbox(stack, who.phone)).map((message) => message.id));
  if ((await api(stack, token, "send-verification-code", { purpose, authMethod: "sms" })).status !== 200) return false;
  const code = (await outbox(stack, who.phone)).find((message) => !before.has(message.id))?.code ?? "";
  return (await api(stack, token, "verify-code", { purpose, code })).status === 200;
}

/** What the replay found: each attempt refused (true) or not, and whether the participant's own change went through. */
export async function replayStolenSession(stack: Stack, who: Participant, client: { id: string; secret: string }) {
  const result = {
    phoneChangeRefused: false,
    phoneChangeWithoutOldNumberRefused: false,
    appRefused: false,
    windowHidden: false,
    withdrawalCodeRefused: false,
    nothingSentToStranger: false,
    ownChangeAllowed: false,
    signIns: 0,
    signInFailures: 0,
  };
  const signedIn = async () => {
    const token = await sessionOf(stack, who, client).catch(() => null);
    result.signIns += 1;
    if (!token) result.signInFailures += 1;
    return token;
  };
  const own = await signedIn();
  const stolen = await signedIn();
  const withdrawing = await signedIn();
  if (!own || !stolen || !withdrawing) return result;

  // Her code, passed in her own session for a change of sign-in methods.
  if (!(await passCode(stack, own, who, "factors"))) return result;
  const refused = (answer: { status: number; body: { errorCode?: string } }) =>
    answer.status === 403 && answer.body.errorCode === "freshVerificationRequired";
  result.phoneChangeRefused = refused(await api(stack, stolen, "phone-change-start", { phone: STRANGERS_NUMBER }));
  result.phoneChangeWithoutOldNumberRefused = refused(
    await api(stack, stolen, "phone-change-start", { phone: STRANGERS_NUMBER, oldNumberUnavailable: true }),
  );
  result.appRefused = refused(await api(stack, stolen, "totp-enrol-start"));
  result.windowHidden = (await api(stack, stolen, "factors")).body.factors?.freshUntil === null;

  // A code passed for a withdrawal opens no change of sign-in methods, in its own session either.
  if (await passCode(stack, withdrawing, who, "withdrawal")) {
    const app = await api(stack, withdrawing, "totp-enrol-start");
    const phone = await api(stack, withdrawing, "phone-change-start", { phone: STRANGERS_NUMBER });
    result.withdrawalCodeRefused = refused(app) && refused(phone);
  }
  result.nothingSentToStranger = (await outbox(stack, STRANGERS_NUMBER)).length === 0;
  // Her own session's code still opens her own change.
  result.ownChangeAllowed = (await api(stack, own, "totp-enrol-start")).status === 200;
  return result;
}

/** Every attempt refused, the participant's own change allowed, and every sign-in of hers through. */
export function stolenSessionRefused({ signIns: _signIns, signInFailures, ...checks }: Awaited<ReturnType<typeof replayStolenSession>>) {
  return signInFailures === 0 && Object.values(checks).every(Boolean);
}
