/**
 * Two identity service instances on one PostgreSQL server behind one public origin: a sign-in moves
 * between them freely, every limit counts across both, each message is sent once, and restarting one
 * signs nobody out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createParticipant, type TestParticipant } from "../../support/create-participant";
import { HttpBrowser } from "../../support/http-client.ts";
import { openIdentifyPage, signInOverHttp, submitPassword } from "../../support/sign-in.ts";
import { startTwoIdentities, type TwoIdentities } from "./support/two-identities.ts";

let deployment: TwoIdentities;
const SENDS_PER_HOUR = 3;

beforeAll(async () => {
  deployment = await startTwoIdentities({ SEND_BUDGET_ACCOUNT_HOURLY: String(SENDS_PER_HOUR), HUMAN_CHECK_WAIT_SECONDS: "1" });
}, 180_000);

afterAll(async () => {
  await deployment?.stop();
});

const participant = (template: "greta" | "iris" = "greta") =>
  createParticipant({ identityUrl: deployment.identityUrl, resultsUrl: deployment.stack.resultsUrl }, template);
const signIn = (person: TestParticipant, browser?: HttpBrowser) =>
  signInOverHttp(deployment.portalUrl, deployment.identityUrl, person, browser ? { browser } : {});
const servedSince = (from: number) => deployment.balancer.served.slice(from);
const identityOrigin = () => new URL(deployment.identityUrl).origin;

/** The identify page, then the code step after the password: where a code is asked for. */
async function atCodeStep(person: TestParticipant, browser = new HttpBrowser()) {
  const identify = await openIdentifyPage(browser, deployment.portalUrl);
  const select = await submitPassword(browser, identify, person.email, person.password);
  expect(select.html).toContain('name="authMethod"');
  return { browser, select };
}

/** Outbox rows to `to`, and whether each has left. */
async function outboxTo(to: string) {
  const { rows } = await deployment.identityDatabase.query<{ sent_at: Date | null }>(
    "SELECT sent_at FROM idp_outbox WHERE destination = $1 ORDER BY id",
    [to],
  );
  return rows;
}

describe("two identity instances", () => {
  it("publish the same signing keys", async () => {
    const { jwks_uri } = (await (await fetch(new URL("/.well-known/openid-configuration", deployment.identityUrl))).json()) as {
      jwks_uri: string;
    };
    const path = new URL(jwks_uri).pathname;
    const [a, b] = await Promise.all(
      (["a", "b"] as const).map(async (instance) => (await fetch(new URL(path, deployment.instanceUrls[instance]))).json()),
    );
    expect(a).toEqual(b);
    expect((a as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });

  it("a sign-in started on one finishes on the other, and its texted code is sent once", async () => {
    const person = await participant();
    const from = deployment.balancer.served.length;
    deployment.balancer.alternate();
    const { landing } = await signIn(person);
    expect(landing).toBe("/");
    const interactionSteps = servedSince(from).filter((entry) => entry.path.startsWith("/interaction/"));
    expect(new Set(interactionSteps.map((entry) => entry.instance))).toEqual(new Set(["a", "b"]));

    await vi.waitFor(async () => expect((await outboxTo(person.phone!)).every((row) => row.sent_at !== null)).toBe(true), {
      timeout: 20_000,
    });
    const texts = deployment.twilio.requests.filter(
      (request) => request.form.To === person.phone && request.path.endsWith("/Messages.json"),
    );
    expect(texts).toHaveLength((await outboxTo(person.phone!)).length);
    expect(texts).toHaveLength(1);
  });

  it("an e-mail is sent once, whichever instance wrote it", async () => {
    const person = await participant();
    deployment.balancer.alternate();
    const browser = new HttpBrowser();
    const identify = await openIdentifyPage(browser, deployment.portalUrl);
    const registerUrl = new URL(/href="([^"]*\/register)"/.exec(identify.html)![1]!, identify.url);
    const page = { html: await (await browser.request(registerUrl)).text(), url: registerUrl };
    // Registering with an address that has an account e-mails its owner instead.
    const check = await browser.submit(
      page,
      {
        email: person.email,
        firstName: "Some",
        lastName: "One",
        password: "a-long-enough-passphrase",
        confirmPassword: "a-long-enough-passphrase",
      },
      (next) => next.origin === identityOrigin(),
      /\/register$/,
    );
    expect(check.html, /<div class="error-summary".*?<\/div>/s.exec(check.html)?.[0]).toContain("Check your email");
    await vi.waitFor(() => expect(deployment.smtp.received.filter((mail) => mail.to.includes(person.email))).toHaveLength(1), {
      timeout: 20_000,
    });
    await vi.waitFor(async () => expect((await outboxTo(person.email)).every((row) => row.sent_at !== null)).toBe(true), {
      timeout: 20_000,
    });
    expect(deployment.smtp.received.filter((mail) => mail.to.includes(person.email))).toHaveLength(1);
  });

  it("wrong codes count across both: after five, the right one is refused too", async () => {
    const person = await participant();
    deployment.balancer.alternate();
    const { browser, select } = await atCodeStep(person);
    const challenge = await browser.submit(select, { authMethod: "sms" }, (next) => next.origin === identityOrigin(), /select/);
    let page = challenge;
    for (let wrong = 0; wrong < 5; wrong += 1) {
      deployment.balancer.pin(wrong % 2 === 0 ? "a" : "b");
      page = await browser.submit(page, { intent: "verify", code: "000000" }, (next) => next.origin === identityOrigin(), /challenge/);
    }
    deployment.balancer.alternate();
    const [sent] = deployment.twilio.requests.filter((request) => request.form.To === person.phone);
    const code = /\d{5,6}/.exec(sent?.form.Body ?? "")?.[0];
    expect(code).toBeDefined();
    const refused = await browser.submit(page, { intent: "verify", code: code! }, (next) => next.origin === identityOrigin(), /challenge/);
    expect(refused.html).toContain("Too many incorrect codes");
  });

  it("wrong passwords count across both: after ten, the security check is asked for", async () => {
    const person = await participant();
    deployment.balancer.alternate();
    const browser = new HttpBrowser();
    let identify = await openIdentifyPage(browser, deployment.portalUrl);
    const from = deployment.balancer.served.length;
    let wrong = 0;
    while (!identify.html.includes("A quick security check") && wrong < 15) {
      deployment.balancer.pin(wrong % 2 === 0 ? "a" : "b");
      const answer = await submitPassword(browser, identify, person.email, "not-the-password-at-all");
      identify = { html: answer.html, url: answer.url };
      wrong += 1;
    }
    deployment.balancer.alternate();
    expect(wrong).toBe(10);
    const posts = servedSince(from).filter((entry) => entry.method === "POST");
    expect(new Set(posts.map((entry) => entry.instance))).toEqual(new Set(["a", "b"]));
  });

  it("the sending budget counts across both", async () => {
    const person = await participant();
    deployment.balancer.alternate();
    for (let sent = 0; sent < SENDS_PER_HOUR; sent += 1) {
      const { browser, select } = await atCodeStep(person);
      const challenge = await browser.submit(select, { authMethod: "sms" }, (next) => next.origin === identityOrigin(), /select/);
      expect(challenge.html).not.toContain("We cannot send codes right now");
    }
    const { browser, select } = await atCodeStep(person);
    const refused = await browser.submit(select, { authMethod: "sms" }, (next) => next.origin === identityOrigin(), /select/);
    expect(refused.html).toContain("We cannot send codes right now");
  });

  it("a rolling restart of one instance signs nobody out", async () => {
    const person = await participant("iris");
    deployment.balancer.alternate();
    const { cookie } = await signIn(person);
    await deployment.restartB();
    // The portal's next pages renew the access token, at either instance.
    for (let page = 0; page < 2; page += 1) {
      await deployment.portalDatabase.query(
        "UPDATE portal_sessions SET access_token_expires_at = now() - interval '1 second' WHERE user_id = $1",
        [person.userId],
      );
      const answer = await fetch(new URL("/", deployment.portalUrl), { headers: { cookie }, redirect: "manual" });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(person.firstName);
    }
    // And a new sign-in goes through the restarted instance too.
    const again = await signIn(await participant("iris"));
    expect(again.landing).toBe("/");
  });
});
