/**
 * A rehearsal of production (support/production-rehearsal.ts): a new participant registers with the
 * e-mailed code that left through SMTP, enrols a phone with a code that left through the text
 * provider's SDK, and signs in with a texted code on one identity instance and then the other. A text
 * the provider reports undelivered leads them to a call instead.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formsOf, HttpBrowser } from "../../support/http-client.ts";
import { openIdentifyPage, submitPassword } from "../../support/sign-in.ts";
import { postgresBinDir } from "./support/postgres-server.ts";
import { startRehearsal, type Rehearsal } from "./support/production-rehearsal.ts";

const run = promisify(execFile);

let production: Rehearsal;

beforeAll(async () => {
  production = await startRehearsal();
}, 240_000);

afterAll(async () => {
  await production?.stop();
});

const person = {
  email: `rosalind.${Date.now()}@example.test`,
  firstName: "Rosalind",
  lastName: "Franklin",
  password: "double-helix-photo-51-kings",
  phone: "+15555550199",
};
const onIdentity = (next: URL) => next.origin === new URL(production.identityUrl).origin;
type Page = { html: string; url: URL; response: Response };

/** The newest code in what the provider was asked to send to `to` (a text's body, or a call's digits). */
function providerCode(to: string, channel: "Messages" | "Calls"): string {
  const asked = production.twilio.requests.filter((request) => request.form.To === to && request.path.endsWith(`/${channel}.json`));
  const last = asked.at(-1);
  if (!last) throw new Error(`nothing was sent to ${to} through ${channel}`);
  if (channel === "Messages") return /your code is (\d+)/.exec(last.form.Body ?? "")?.[1] ?? "";
  return /(\d(?:, \d)+)/.exec(last.form.Twiml ?? "")?.[1]?.replaceAll(", ", "") ?? "";
}

/** Follows the identity service's answer back to the portal's callback; returns where the portal sent the browser. */
async function backToPortal(browser: HttpBrowser, page: Page): Promise<string> {
  expect(page.response.status, page.html.slice(0, 300)).toBeGreaterThanOrEqual(300);
  const callback = new URL(page.response.headers.get("location")!, page.url);
  expect(callback.pathname).toBe("/auth/callback");
  const answer = await browser.request(callback);
  expect(answer.status).toBe(302);
  return answer.headers.get("location") ?? "";
}

async function dashboardOf(browser: HttpBrowser): Promise<string> {
  const home = await browser.request(new URL("/", production.portalUrl));
  expect(home.status).toBe(200);
  return home.text();
}

describe("production rehearsal", () => {
  const browser = new HttpBrowser();

  it("a new participant registers with the e-mailed code and enrols a phone with a texted one", async () => {
    production.portals.alternate();
    production.identities.alternate();
    const identify = await openIdentifyPage(browser, production.portalUrl);
    const registerUrl = new URL(/href="([^"]*\/register)"/.exec(identify.html)![1]!, identify.url);
    const form = { html: await (await browser.request(registerUrl)).text(), url: registerUrl };
    const check = await browser.submit(
      form,
      {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        password: person.password,
        confirmPassword: person.password,
      },
      onIdentity,
      /\/register$/,
    );
    expect(check.html).toContain("Check your email");
    const mail = await vi.waitFor(
      () => {
        const received = production.smtp.received.find((each) => each.to.includes(person.email));
        if (!received) throw new Error("no e-mail yet");
        return received;
      },
      { timeout: 30_000 },
    );
    const emailed = /Your code: (\d{6})/.exec(mail.raw)?.[1];
    expect(emailed).toBeDefined();
    const enrol = await browser.submit(check, { intent: "verify", code: emailed! }, onIdentity);
    expect(enrol.html).toContain('name="phoneNumber"');
    const challenge = await browser.submit(enrol, { phoneNumber: person.phone }, onIdentity);
    const done = await browser.submit(challenge, { intent: "verify", code: providerCode(person.phone, "Messages") }, onIdentity);
    expect(await backToPortal(browser, done)).toBe("/");
    expect(await dashboardOf(browser)).toContain(person.firstName);
  });

  for (const instance of ["a", "b"] as const) {
    it(`they sign in again with a texted code on identity instance ${instance.toUpperCase()}`, async () => {
      const own = new HttpBrowser();
      production.identities.pin(instance);
      const from = production.identities.served.length;
      const identify = await openIdentifyPage(own, production.portalUrl);
      const select = await submitPassword(own, identify, person.email, person.password);
      const challenge = select.html.includes('name="authMethod"')
        ? await own.submit(select, { authMethod: "sms" }, onIdentity, /select/)
        : select;
      const done = await own.submit(challenge, { intent: "verify", code: providerCode(person.phone, "Messages") }, onIdentity, /challenge/);
      expect(await backToPortal(own, done)).toBe("/");
      expect(await dashboardOf(own)).toContain(person.firstName);
      expect(new Set(production.identities.served.slice(from).map((entry) => entry.instance))).toEqual(new Set([instance]));
    });
  }

  it("a text the provider reports undelivered leads them to a call, which signs them in", async () => {
    const own = new HttpBrowser();
    production.identities.alternate();
    production.twilio.script(person.phone, "undelivered");
    const identify = await openIdentifyPage(own, production.portalUrl);
    const select = await submitPassword(own, identify, person.email, person.password);
    let challenge = await own.submit(select, { authMethod: "sms" }, onIdentity, /select/);
    // The provider's report arrives a moment after the text was handed over; the participant looks again.
    challenge = await vi.waitFor(
      async () => {
        const again = await own.request(challenge.url);
        const html = await again.text();
        if (!html.includes("was not delivered")) throw new Error("no report yet");
        return { html, url: challenge.url, response: again };
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(challenge.html).toContain("Your phone company reported that the text to (***) ***-0199 was not delivered.");
    const call = formsOf(challenge.html).find((candidate) => candidate.fields.authMethod === "voice");
    expect(call).toBeDefined();
    const callAt = new URL(call!.action, challenge.url);
    const calling = await own.follow(await own.request(callAt, { form: call!.fields }), callAt, onIdentity);
    const callingPage = { html: await calling.response.text(), url: calling.url, response: calling.response };
    const done = await own.submit(callingPage, { intent: "verify", code: providerCode(person.phone, "Calls") }, onIdentity, /challenge/);
    expect(await backToPortal(own, done)).toBe("/");
    expect(await dashboardOf(own)).toContain(person.firstName);
  });

  it("a backup taken with pg_dump restores into a database an identity instance serves the same keys from", async () => {
    const dump = path.join(mkdtempSync(path.join(tmpdir(), "rehearsal-backup-")), "identity.dump");
    await run(path.join(postgresBinDir(), "pg_dump"), ["--format=custom", `--file=${dump}`, production.databases.identity]);
    const restored = await production.postgres.createDatabase("identity_restored");
    await run(path.join(postgresBinDir(), "pg_restore"), ["--no-owner", `--dbname=${restored}`, dump]);

    const instance = await production.startIdentityOn(restored);
    const keysOf = async (base: string) => (await fetch(new URL("/jwks", base))).json();
    expect(await keysOf(instance.baseUrl)).toEqual(await keysOf(production.identityUrl));
    const copy = new pg.Client({ connectionString: restored });
    await copy.connect();
    try {
      const { rows } = await copy.query("SELECT count(*)::int AS accounts FROM idp_accounts WHERE email = $1", [person.email]);
      expect(rows[0]).toEqual({ accounts: 1 });
    } finally {
      await copy.end();
    }
  });
});
