import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createOidcAdapterClass, deleteExpiredOidcPayloads, touchInteraction } from "../../../platform/identity/store/oidc-adapter.ts";
import { identityDatabaseWith } from "../../support/identity-database";
import { authorizePath, Browser, identityServiceForSuite, participants, pkcePair, submit } from "./support.ts";

/**
 * Anonymous authorization requests each stored an interaction of about 2.5 KB for an hour: one client
 * grew the database from 41 to 444 MB in three minutes. Now each address has a limit on authorization
 * requests and on the interaction pages, and an interaction nobody posted a form to is kept briefly.
 */

const idp = identityServiceForSuite({
  trustedProxies: ["loopback"],
  requestLimits: {
    authorizationPerAddress: { max: 5, windowMs: 10 * 60_000 },
    interactionPerAddress: { max: 40, windowMs: 10 * 60_000 },
  },
});
const [ada] = participants;

const authorize = (browser: Browser, extra?: Record<string, string>) =>
  browser.get(authorizePath({ challenge: pkcePair().challenge, state: "flood", extra }));

describe("authorization requests from one address", () => {
  it("are limited per address: past the limit a translated 429 with when to try again, other addresses unaffected", async () => {
    for (let i = 0; i < 5; i++) expect((await authorize(new Browser(idp.url, "203.0.113.90"))).status).toBe(303);
    const refused = await authorize(new Browser(idp.url, "203.0.113.90"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many sign-in requests came from your network");
    const spanish = await authorize(new Browser(idp.url, "203.0.113.90"), { ui_locales: "es" });
    expect(await spanish.text()).toContain("Demasiadas solicitudes de inicio de sesión");
    expect((await authorize(new Browser(idp.url, "198.51.100.90"))).status).toBe(303);
  });

  it("and the interaction pages too", async () => {
    const browser = new Browser(idp.url, "203.0.113.91");
    const page = (await authorize(browser)).headers.get("location")!;
    let last = 200;
    for (let i = 0; i < 41 && last !== 429; i++) last = (await browser.get(page)).status;
    expect(last).toBe(429);
    const other = new Browser(idp.url, "198.51.100.91");
    expect((await other.follow(await authorize(other))).status).toBe(200);
  });
});

describe("an interaction nobody posted a form to", () => {
  it("is kept briefly; one the participant has used lives its full time", async () => {
    const idle = new Browser(idp.url, "198.51.100.92");
    const idlePage = await idle.follow(await authorize(idle));
    expect(await idlePage.text()).toContain('name="password"');
    const used = new Browser(idp.url, "198.51.100.93");
    const usedPage = await used.follow(await authorize(used));
    await submit(used, await usedPage.text(), { username: ada!.email, password: "not-her-password-1" });

    idp.clock.advance(21 * 60_000);
    expect(await (await idle.follow(await idle.get(new URL(idlePage.url).pathname))).text()).not.toContain('name="password"');
    expect(await (await used.follow(await used.get(new URL(usedPage.url).pathname))).text()).toContain('name="password"');
  });

  it("is removed by the sweep once its short time is over", async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), "interaction-sweep-"));
    const { first: db, close } = await identityDatabaseWith("interaction_sweep", [], workDir);
    try {
      let now = new Date("2031-01-01T10:00:00Z");
      const Adapter = createOidcAdapterClass(db, () => now);
      const interactions = new Adapter("Interaction");
      const exp = Math.floor(now.getTime() / 1000) + 3600;
      await interactions.upsert("untouched", { uid: "untouched", exp }, 3600);
      await interactions.upsert("touched", { uid: "touched", exp }, 3600);
      await interactions.upsert("touched", { uid: "touched", exp, result: {} }, 3600);
      await interactions.upsert("posted", { uid: "posted", exp }, 3600);
      await touchInteraction(db, "posted", now, 3600_000);
      now = new Date(now.getTime() + 21 * 60_000);
      await deleteExpiredOidcPayloads(db, now);
      const rows = await db.query<{ id: string }>("SELECT id FROM idp_oidc_payloads WHERE type = 'Interaction' ORDER BY id");
      expect(rows.map((row) => row.id)).toEqual(["posted", "touched"]);
      expect(await interactions.find("posted")).toMatchObject({ uid: "posted" });
    } finally {
      await close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
