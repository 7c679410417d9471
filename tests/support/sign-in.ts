/**
 * Signs a participant in over plain HTTP exactly as a browser without JavaScript does:
 * portal /auth/sign-in → the IdP's hosted pages (password, then an SMS or voice code read from the
 * development outbox) → the portal's callback, which sets the session cookie.
 */
import { HttpBrowser } from "./http-client.ts";

export interface SignInAccount {
  email: string;
  password: string;
  phone: string | null;
  phoneMethods?: string[];
}

export interface SignedIn {
  browser: HttpBrowser;
  /** The Cookie header value the portal expects (`name=value` of its session cookie). */
  cookie: string;
  /** Where the callback sent the browser. */
  landing: string;
}

interface OutboxMessage {
  id: string;
  code?: string;
  createdAt: string;
}

async function outbox(identityUrl: string, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, identityUrl));
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/** Returns the IdP's identify page reached from the portal, with the browser holding both sides' cookies. */
export async function openIdentifyPage(browser: HttpBrowser, portalUrl: string, path = "/auth/sign-in") {
  const start = new URL(path, portalUrl);
  const first = await browser.request(start);
  const { response, url } = await browser.follow(first, start);
  if (response.status !== 200) throw new Error(`sign-in page answered ${response.status} at ${url.pathname}`);
  return { html: await response.text(), url };
}

/** Posts the password step; returns the next page of the IdP (or where it redirected). */
export async function submitPassword(browser: HttpBrowser, page: { html: string; url: URL }, email: string, password: string) {
  const idp = page.url.origin;
  return browser.submit(page, { username: email, password }, (next) => next.origin === idp, /identify/);
}

export async function signInOverHttp(
  portalUrl: string,
  identityUrl: string,
  account: SignInAccount,
  options: { path?: string; method?: "sms" | "voice"; browser?: HttpBrowser } = {},
): Promise<SignedIn> {
  // A browser given is one someone else used before (its cookies are kept).
  const browser = options.browser ?? new HttpBrowser();
  const stayOnIdp = (next: URL) => next.origin === new URL(identityUrl).origin;
  const identify = await openIdentifyPage(browser, portalUrl, options.path);
  let step = await submitPassword(browser, identify, account.email, account.password);
  if (step.html.includes('name="authMethod"')) {
    if (!account.phone) throw new Error(`${account.email} has no phone`);
    const method = options.method ?? (account.phoneMethods?.includes("sms") === false ? "voice" : "sms");
    const before = new Set((await outbox(identityUrl, account.phone)).map((message) => message.id));
    step = await browser.submit(step, { authMethod: method }, stayOnIdp, /select/);
    const sent = (await outbox(identityUrl, account.phone)).filter((message) => !before.has(message.id) && message.code);
    if (!sent[0]?.code) throw new Error(`no code sent to ${account.email}'s phone`);
    step = await browser.submit(step, { intent: "verify", code: sent[0].code }, stayOnIdp, /challenge/);
  }
  if (!(step.response.status >= 300 && step.response.status < 400)) {
    throw new Error(`sign-in stopped at ${step.url.pathname} (${step.response.status})`);
  }
  const callback = new URL(step.response.headers.get("location")!, step.url);
  await step.response.body?.cancel();
  const answer = await browser.request(callback);
  await answer.body?.cancel();
  const portal = new URL(portalUrl);
  const name = ["portal_session", "__Host-portal_session"].find((candidate) => browser.cookies.get(portal, candidate));
  if (answer.status !== 302 || !name) throw new Error(`the portal's callback answered ${answer.status} without a session`);
  return { browser, cookie: `${name}=${browser.cookies.get(portal, name)}`, landing: answer.headers.get("location") ?? "" };
}
