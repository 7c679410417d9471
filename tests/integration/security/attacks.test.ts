import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant, type TestParticipant } from "../../support/create-participant";
import { formsOf, HttpBrowser } from "../../support/http-client.ts";
import type { TemplateName } from "../../support/participant-templates";
import { checkEveryResultsAnswer } from "../../support/results-contract";
import { openIdentifyPage, submitPassword } from "../../support/sign-in.ts";
import type { Stack } from "../../support/stack.ts";
import { crossSiteHeaders } from "./support/cross-site-headers";
import { portalActions } from "./support/portal-actions";
import { hostile, MARKUP_LABEL, MARKUP_NAME, Recorder, signIn, startSecureStack } from "./support/secure-stack";

/** The portal under attack: one real stack, real sign-ins, real tokens. */

let stack: Stack;
// What the results service answers the attacks below is also what its document allows.
checkEveryResultsAnswer(() => stack?.resultsUrl);
let adaCookie: string;
/** The suite's own participants, one like each template it needs. */
const people = {} as Record<"ada" | "bruno" | "lucia" | "carmen" | "dmitri" | "elena" | "felix" | "hiro", TestParticipant>;
const recorder = new Recorder();
const codesUsed: string[] = [];
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/;

beforeAll(async () => {
  stack = await startSecureStack();
  for (const template of ["ada", "bruno", "lucia", "carmen", "dmitri", "elena", "felix", "hiro"] as const satisfies TemplateName[])
    people[template] = await createParticipant(stack, template);
  adaCookie = (await signIn(stack, people.ada)).cookie;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** An action's data as the page's script reads it from React Router's single-fetch answer. */
async function actionData(body: string): Promise<unknown> {
  const decoded = await decodeViaTurboStream(new Response(body).body!, globalThis as unknown as Window);
  return (decoded.value as { data?: unknown }).data;
}

async function resultsLinkToken(email: string): Promise<string> {
  const response = await fetch(new URL("/dev/results-link", stack.identityUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const { url } = (await response.json()) as { url: string };
  return new URL(url).searchParams.get("access_token")!;
}

describe("one participant cannot read another's data", () => {
  it("answers 403 to a token of Ada asking for Bruno's results and reports", async () => {
    const token = await resultsLinkToken(people.ada.email);
    const bruno = people.bruno;
    const headers = { authorization: `Bearer ${token}` };
    const own = await fetch(new URL(`/results/${people.ada.userId}`, stack.resultsUrl), { headers });
    expect(own.status).toBe(200);
    const results = await fetch(new URL(`/results/${bruno.userId}`, stack.resultsUrl), { headers });
    expect(results.status).toBe(403);
    const report = await fetch(new URL(`/reports/dna-discovery/${bruno.apps[0]?.appID ?? "app"}/${bruno.userId}`, stack.resultsUrl), {
      headers,
    });
    expect(report.status).toBe(403);
  });

  it("the portal only ever asks for the signed-in participant's report (another's app id is refused)", async () => {
    const own = people.ada.apps[0]?.appID ?? "";
    const other = people.lucia.apps[0]?.appID ?? "";
    const askFor = (appId: string, opensIn?: "tab") =>
      // With JavaScript the page's fetcher asks for the action's data (React Router's `.data` address).
      recorder.fetch(new URL(opensIn ? "/results/report.data" : "/results/report", stack.portalUrl), {
        method: "POST",
        redirect: "manual",
        headers: { cookie: adaCookie, origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(opensIn ? { appId, opensIn } : { appId }),
      });

    // Her own report opens: the same request would leak a foreign report URL exactly like this.
    const ownReport = await askFor(own, "tab");
    expect(await actionData(ownReport.body)).toMatchObject({ outcome: "opened", reportUrl: expect.stringContaining(own) });

    const script = await askFor(other, "tab");
    expect(script.response.status).toBe(200);
    expect(await actionData(script.body)).toEqual({ outcome: "failed" });
    expect(script.body).not.toContain(other);

    // Without JavaScript the form goes to the report's own page, which sends her back to My Results.
    const plain = await askFor(other);
    expect(plain.response.status).toBe(303);
    const reportPage = await recorder.fetch(new URL(plain.response.headers.get("location") ?? "/", stack.portalUrl), {
      redirect: "manual",
      headers: { cookie: adaCookie },
    });
    expect(reportPage.response.headers.get("location")).toBe("/");
    expect(reportPage.body).not.toContain("/documents/");

    // The report's PDF link, asked for another's app: back to that report's page, never to a document.
    const pdf = await recorder.fetch(new URL(`/results/report.pdf?app=${encodeURIComponent(other)}`, stack.portalUrl), {
      redirect: "manual",
      headers: { cookie: adaCookie },
    });
    expect(pdf.response.status).toBe(302);
    expect(pdf.response.headers.get("location")).toBe(`/results/report?app=${encodeURIComponent(other)}`);
  });
});

describe("cross-site requests", () => {
  for (const action of portalActions) {
    it(`refuses a POST to ${action.path} from another origin with 403`, async () => {
      for (const headers of crossSiteHeaders) {
        const { response } = await recorder.fetch(new URL(action.path, stack.portalUrl), {
          method: "POST",
          headers: { cookie: adaCookie, "content-type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams(action.validFields),
        });
        expect(response.status, JSON.stringify(headers)).toBe(403);
      }
    });
  }

  it("the refusal is the portal's 403 screen in the participant's language, with a fresh nonce policy", async () => {
    const english = await recorder.fetch(new URL("/profile/security/password", stack.portalUrl), {
      method: "POST",
      headers: { cookie: adaCookie, origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=start",
    });
    expect(english.response.headers.get("content-type")).toContain("text/html");
    expect(english.body).toMatch(/<h1\b[^>]*>Unexpected Application Error!<\/h1>/);
    expect(english.body).toContain("403 This request was refused because it did not come from the portal.");
    expect(english.response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(english.response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const language = await fetch(new URL("/language", stack.portalUrl), {
      method: "POST",
      redirect: "manual",
      headers: { origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "es", returnTo: "/" }),
    });
    const spanishCookie = language.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const byCookie = await recorder.fetch(new URL("/results/report", stack.portalUrl), {
      method: "POST",
      headers: { cookie: spanishCookie, origin: "https://attacker.example", "accept-language": "en" },
      body: "appId=app-1001-traits",
    });
    expect(byCookie.body).toContain('<html lang="es"');
    expect(byCookie.body).toContain("Se rechazó esta solicitud porque no provino del portal.");
    const byDefault = await recorder.fetch(new URL("/results/report", stack.portalUrl), {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", "accept-language": "fr-FR, es;q=0.8, en;q=0.5" },
      body: "appId=app-1001-traits",
    });
    expect(byDefault.body).toContain('<html lang="en"');
  });

  it("a same-origin POST and one from a client that sends neither Origin nor Sec-Fetch-Site are let through", async () => {
    const firstParty: Record<string, string>[] = [{ origin: new URL(stack.portalUrl).origin }, { "sec-fetch-site": "same-origin" }, {}];
    for (const headers of firstParty) {
      const { response } = await recorder.fetch(new URL("/language", stack.portalUrl), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ lang: "en", returnTo: "/profile/overview" }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect(response.headers.get("location"), JSON.stringify(headers)).toBe("/profile/overview");
    }
  });

  it("refusals are logged as warnings, never as errors, and nothing reaches the error reporter", () => {
    const lines = stack.portal
      .output()
      .split("\n")
      .flatMap((line) => (line.startsWith("{") ? [JSON.parse(line) as { level: number; msg: string; status?: number }] : []));
    const refusals = lines.filter((line) => line.msg === "request refused" && line.status === 403);
    expect(refusals.length).toBeGreaterThanOrEqual(portalActions.length * 4);
    expect(refusals.every((line) => line.level === 40)).toBe(true);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });

  it("the session survives the refused sign-out", async () => {
    const { response } = await recorder.fetch(new URL("/", stack.portalUrl), { headers: { cookie: adaCookie } });
    expect(response.status).toBe(200);
  });
});

describe("session cookie", () => {
  it("is a new id at every sign-in; the previous one is useless afterwards", async () => {
    const first = await signIn(stack, people.carmen);
    const second = await signIn(stack, people.carmen);
    expect(second.cookie).not.toBe(first.cookie);
    // A browser that still holds the cookie and chooses to sign in again (a POST) loses it before the new sign-in.
    const portal = new URL(stack.portalUrl);
    const [name = ""] = second.cookie.split("=");
    const start = await fetch(new URL("/auth/sign-in", portal), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: second.cookie, origin: stack.portalUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "returnTo=%2F",
    });
    expect(start.status).toBe(302);
    expect(start.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=;`))).toBe(true);
    const old = await recorder.fetch(new URL("/", portal), { headers: { cookie: second.cookie } });
    expect(old.response.status).toBe(302);
    expect(old.response.headers.get("location")).toBe("/session-expired");
  });

  it("is httpOnly and SameSite=Lax (Secure is checked outside development in cookie-flags.test.ts)", async () => {
    const browser = new HttpBrowser();
    await openIdentifyPage(browser, stack.portalUrl);
    const response = await fetch(new URL("/auth/sign-in", stack.portalUrl), { redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  it("after sign-out the old cookie opens nothing", async () => {
    const { cookie } = await signIn(stack, people.dmitri);
    const signOut = await recorder.fetch(new URL("/auth/sign-out", stack.portalUrl), {
      method: "POST",
      headers: { cookie, origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(signOut.response.status).toBe(302);
    for (const path of ["/", "/profile/overview", "/profile/security"]) {
      const { response } = await recorder.fetch(new URL(path, stack.portalUrl), { headers: { cookie } });
      expect(response.status, path).toBe(302);
      // Signing in again comes back to the page.
      const expected = path === "/" ? "/session-expired" : `/session-expired?returnTo=${encodeURIComponent(path)}`;
      expect(response.headers.get("location"), path).toBe(expected);
    }
    // What a page fetches in the background sends sign-in back to the page it serves, not to itself.
    for (const [resource, page] of [
      ["/profile/security/captcha", "/profile/security/password"],
      ["/profile/security/password/passkey-options", "/profile/security/password"],
      ["/profile/security/factors/passkey-options", "/profile/security/factors"],
    ] as const) {
      const { response } = await recorder.fetch(new URL(resource, stack.portalUrl), { headers: { cookie } });
      expect(response.headers.get("location"), resource).toBe(`/session-expired?returnTo=${encodeURIComponent(page)}`);
    }
  });
});

describe("content security policy", () => {
  const pages: { path: string; signedIn: boolean }[] = [
    { path: "/", signedIn: true },
    { path: "/profile/overview", signedIn: true },
    { path: "/profile/security", signedIn: true },
    { path: "/profile/studies", signedIn: true },
    { path: "/session-expired", signedIn: false },
    { path: "/no-such-page", signedIn: false },
    { path: "/results-link?access_token=not-a-token", signedIn: false },
    { path: "/auth/callback?state=x&code=y", signedIn: false },
  ];
  for (const page of pages) {
    it(`${page.path}: a fresh nonce on every script, no 'unsafe-inline'`, async () => {
      const nonces = new Set<string>();
      for (let round = 0; round < 2; round += 1) {
        const { response, body } = await recorder.fetch(new URL(page.path, stack.portalUrl), {
          headers: page.signedIn ? { cookie: adaCookie } : {},
        });
        expect(response.headers.get("content-type"), page.path).toContain("text/html");
        const policy = response.headers.get("content-security-policy") ?? "";
        const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
        expect(scriptSrc).not.toContain("unsafe-inline");
        const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
        expect(nonce, policy).toBeTruthy();
        expect(policy).toContain("frame-ancestors 'none'");
        nonces.add(nonce!);
        for (const [tag] of body.matchAll(/<script\b[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`);
      }
      expect(nonces.size).toBe(2);
    });
  }
});

describe("no open redirect", () => {
  const hostileTargets = [
    "https://attacker.example/",
    "//attacker.example/x",
    "/\\attacker.example",
    "\\\\attacker.example",
    "javascript:alert(1)",
    "http:attacker.example",
    "/%2F%2Fattacker.example",
    " //attacker.example",
  ];

  it("the language switch only returns to portal paths", async () => {
    for (const returnTo of hostileTargets) {
      const { response } = await recorder.fetch(new URL("/language", stack.portalUrl), {
        method: "POST",
        headers: { origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ lang: "en", returnTo }),
      });
      const location = response.headers.get("location") ?? "";
      expect(new URL(location, stack.portalUrl).origin, returnTo).toBe(new URL(stack.portalUrl).origin);
      expect(location, returnTo).toMatch(/^\/(?![/\\])/);
    }
  });

  it("sign-in with a hostile returnTo lands on the portal", async () => {
    const { landing } = await signIn(stack, people.elena, {
      path: `/auth/sign-in?returnTo=${encodeURIComponent("//attacker.example/steal")}`,
    });
    expect(landing).toMatch(/^\/(?![/\\])/);
    expect(new URL(landing, stack.portalUrl).origin).toBe(new URL(stack.portalUrl).origin);
  });
});

describe("results fields are escaped", () => {
  it("a participant named <script> and an app labelled <img onerror> render as text", async () => {
    const { cookie } = await signIn(stack, hostile);
    for (const path of ["/", "/profile/overview"]) {
      const { response, body } = await recorder.fetch(new URL(path, stack.portalUrl), { headers: { cookie } });
      expect(response.status, path).toBe(200);
      expect(body).not.toContain(MARKUP_NAME);
      expect(body).not.toContain(MARKUP_LABEL);
      expect(body).not.toContain("<svg onload");
      expect(body).not.toContain(`</script><script>alert("heap")`);
    }
    const { body } = await recorder.fetch(new URL("/", stack.portalUrl), { headers: { cookie } });
    expect(body).toContain("&lt;script&gt;");
  });
});

describe("guessing is slowed down", () => {
  it("escalates the password step after 10 failures for the account: no password is looked at without the security check", async () => {
    const who = people.felix;
    const browser = new HttpBrowser();
    let page = await openIdentifyPage(browser, stack.portalUrl);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const step = await submitPassword(browser, page, who.email, `wrong-password-${attempt}`);
      expect(step.html).toContain("The email address or password is not correct");
      page = { html: step.html, url: step.url };
    }
    const right = await submitPassword(browser, page, who.email, who.password);
    expect(right.html).toContain("A quick security check");
    expect(right.html).not.toContain('name="authMethod"');
  });

  it("voids a code after 5 wrong entries: the right code is refused afterwards", async () => {
    const who = people.hiro;
    const browser = new HttpBrowser();
    const identify = await openIdentifyPage(browser, stack.portalUrl);
    const stayOnIdp = (next: URL) => next.origin === new URL(stack.identityUrl).origin;
    let step = await submitPassword(browser, identify, who.email, who.password);
    step = await browser.submit(step, { authMethod: "sms" }, stayOnIdp, /select/);
    const outbox = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(who.phone!)}`, stack.identityUrl))).json()) as {
      code: string;
    }[];
    const code = outbox[0]?.code ?? "";
    codesUsed.push(code);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt += 1)
      step = await browser.submit(step, { intent: "verify", code: wrong }, stayOnIdp, /challenge/);
    const last = await browser.submit(step, { intent: "verify", code }, stayOnIdp, /challenge/);
    expect(last.response.status).toBeGreaterThanOrEqual(400);
    expect(last.response.status).toBeLessThan(500);
    expect(last.html).toContain("Too many incorrect codes");
    expect(last.response.headers.get("location")).toBeNull();
    expect(formsOf(last.html).length).toBeGreaterThan(0);
  });
});

/**
 * The one token a URL carries: sign-out sends the id token to the IdP's end-session endpoint as
 * `id_token_hint` (OpenID Connect RP-initiated logout), which is how the IdP knows the redirect back
 * is the portal's. It is an id token (audience: the portal), never an access or refresh token.
 */
function withoutEndSessionHint(headers: string): string {
  return headers.replace(/(\/session\/end\?[^"]*?id_token_hint=)[\w.-]+/g, "$1<id-token>");
}

describe("secrets stay on the server", () => {
  it("no token, password or code in any page, script, redirect, error body or log line", async () => {
    // The results-link token arrives in a URL by design; it must go no further than that request.
    const token = await resultsLinkToken(people.ada.email);
    const link = await recorder.fetch(new URL(`/results-link?access_token=${token}`, stack.portalUrl));
    expect(link.response.headers.get("location") ?? "").not.toContain(token);

    const { body } = await recorder.fetch(new URL("/", stack.portalUrl), { headers: { cookie: adaCookie } });
    for (const [, src = ""] of body.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/build\/[^"]+\.js)"/g))
      await recorder.fetch(new URL(src, stack.portalUrl));

    const passwords = [people.ada, people.carmen, people.dmitri, people.elena, hostile, people.felix, people.hiro].map(
      (who) => who.password,
    );
    const secretsIn = (text: string) =>
      [
        JWT.exec(text)?.[0],
        ...passwords.filter((password) => text.includes(password)),
        ...codesUsed.filter((code) => new RegExp(`\\b${code}\\b`).test(text)),
      ].filter(Boolean);
    for (const entry of recorder.seen) {
      expect(secretsIn(entry.body), `${entry.url} body`).toEqual([]);
      expect(secretsIn(withoutEndSessionHint(entry.headers)), `${entry.url} headers`).toEqual([]);
      expect(entry.body, entry.url).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    }
    const logs = stack.portal.output() + stack.results.output();
    expect(logs.length).toBeGreaterThan(0);
    expect(
      logs
        .split("\n")
        .filter((line) => JWT.test(line))
        .map((line) => line.replace(JWT, "<jwt>").slice(0, 300)),
    ).toEqual([]);
    for (const password of passwords) expect(logs.includes(password), "a password in the logs").toBe(false);
    expect(logs).not.toContain("access_token=");
  });
});
