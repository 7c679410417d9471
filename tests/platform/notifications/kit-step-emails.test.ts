import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Queryable } from "../../../lib/postgres/index.ts";
import { createNotificationPreferences } from "../../../platform/identity/notifications/preferences.ts";
import { createKitStepSender, type KitStepChange } from "../../../platform/identity/notifications/results-kit-steps.ts";
import { createUnsubscribeRoute } from "../../../platform/identity/notifications/unsubscribe-page.tsx";
import { unsubscribeToken } from "../../../platform/identity/notifications/unsubscribe-token.ts";
import { startIdentityService, type RunningIdentityService } from "../../../platform/identity/service.ts";
import { createOutbox } from "../../../platform/identity/store/outbox.ts";
import { DEFAULT_SENDING_BUDGETS, sendingBudgetsFrom } from "../../../platform/identity/store/sending-budget.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { type EmailPerson, identityDatabaseWith } from "../../support/identity-database.ts";
import { checkEveryResultsAnswer } from "../../support/results-contract";
import { freePort } from "../../support/stack.ts";

const silent = pino({ level: "silent" });
const now = () => new Date();

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const ada = demo.participants.find((p) => p.userId === "P1001")!;

const people: EmailPerson[] = [
  { userId: "N1", email: "nora@example.test", locale: "en" },
  { userId: "N2", email: "nico@example.test", locale: "es" },
];

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "kit-step-emails-"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const identityDatabase = (label: string) => identityDatabaseWith(label, people, workDir);

const change = (id: number, userId: string, step: number): KitStepChange => ({
  id,
  userId,
  step,
  changedAt: `2026-11-20T10:00:0${id}.000Z`,
});

function senderOn(db: Database, changes: KitStepChange[]) {
  return createKitStepSender({
    db,
    feed: async (after) => ({ changes: changes.filter((each) => each.id > after), lastId: Math.max(0, ...changes.map((each) => each.id)) }),
    issuer: "https://id.example.test",
    portalUrl: "https://portal.example.test",
    unsubscribeKeys: ["test-unsubscribe-key"],
    now,
    logger: silent,
  });
}

/** A database whose first outbox insert fails, as a crash between the decision and the commit would. */
function failingOnce(db: Database): Database {
  let failed = false;
  const guard = (tx: Queryable): Queryable => ({
    exec: (sql) => tx.exec(sql),
    query: (sql, params) => {
      if (!failed && sql.includes("INSERT INTO idp_outbox")) {
        failed = true;
        return Promise.reject(new Error("connection lost"));
      }
      return tx.query(sql, params);
    },
  });
  return {
    ...db,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    close: db.close.bind(db),
    transaction: (fn) => db.transaction((tx) => fn(guard(tx))),
  };
}

describe("kit-step e-mails are sent exactly once", () => {
  it("a log started again (the results service's data reset) is read from its start, and what was sent is not sent again", async () => {
    const { first, close } = await identityDatabase("kit_step_reset");
    try {
      const before = [change(1, "N1", 2), change(2, "N1", 3), change(3, "N1", 4)];
      expect(await senderOn(first, before).runOnce()).toBe(3);
      const startedAgain = [change(1, "N1", 2), { id: 2, userId: "N1", step: 3, changedAt: "2026-11-21T09:00:00.000Z" }];
      expect(await senderOn(first, startedAgain).runOnce()).toBe(1);
      expect(await createOutbox(first, now).list("nora@example.test")).toHaveLength(4);
    } finally {
      await close();
    }
  });

  it("two instances racing and a retry send one e-mail per kit step", async () => {
    const { first, second, close } = await identityDatabase("kit_step_race");
    try {
      const changes = [change(1, "N1", 2), change(2, "N2", 2), change(3, "N1", 3)];
      const a = senderOn(first, changes);
      const b = senderOn(second, changes);
      const sent = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(sent.reduce((sum, each) => sum + each, 0)).toBe(3);
      // A retry that reads the whole log again (an instance that never saw the position move).
      await first.query("DELETE FROM idp_kit_step_cursor");
      expect(await b.runOnce()).toBe(0);

      const outbox = createOutbox(first, now);
      const nora = await outbox.list("nora@example.test");
      const nico = await outbox.list("nico@example.test");
      expect(nora).toHaveLength(2);
      expect(nico).toHaveLength(1);
      expect(nico[0]).toMatchObject({ purpose: "kit-step", subject: "Novedades sobre su kit de ADN" });
      expect(nico[0]!.body).toContain("Muestra recibida");
      expect(nora.map((message) => message.subject)).toEqual(["An update on your DNA kit", "An update on your DNA kit"]);
      expect(nora[0]!.headers).toEqual({
        "List-Unsubscribe": expect.stringMatching(/^<https:\/\/id\.example\.test\/notifications\/unsubscribe\?token=[^>]+&lang=en>$/),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    } finally {
      await close();
    }
  });

  it("a run that fails before its commit sends nothing, and the retry sends the e-mail once", async () => {
    const { first, close } = await identityDatabase("kit_step_retry");
    try {
      const changes = [change(1, "N1", 4)];
      await expect(senderOn(failingOnce(first), changes).runOnce()).rejects.toThrow("connection lost");
      expect(await createOutbox(first, now).list("nora@example.test")).toHaveLength(0);
      expect(await senderOn(first, changes).runOnce()).toBe(1);
      expect(await senderOn(first, changes).runOnce()).toBe(0);
      expect(await createOutbox(first, now).list("nora@example.test")).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

describe("an unsubscribe link kept after the participant turned e-mails back on", () => {
  it("changes nothing: a link is bound to the choice it was sent under; a link from a later e-mail works", async () => {
    const { first, close } = await identityDatabase("kit_step_unsubscribe_state");
    try {
      let clock = new Date("2031-03-01T10:00:00Z");
      const at = () => clock;
      const preferences = createNotificationPreferences(first, at);
      const route = createUnsubscribeRoute({
        preferences,
        unsubscribeKeys: ["test-unsubscribe-key"],
        portalUrl: "https://portal.example.test",
      });
      const post = async (link: string) => {
        const server = createServer((req, res) => void route(req, res, new URL(req.url ?? "/", "http://id.invalid").searchParams));
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        const url = new URL(link);
        const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url.pathname}${url.search}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
        await new Promise((resolve) => server.close(resolve));
        return { status: answer.status, text: await answer.text() };
      };
      const linkOfLatest = async () => {
        const [latest] = await createOutbox(first, now).list("nora@example.test");
        return /^<(.+)>$/.exec(latest!.headers!["List-Unsubscribe"]!)![1]!;
      };
      await senderOn(first, [change(1, "N1", 2)]).runOnce();
      const kept = await linkOfLatest();
      expect((await post(kept)).status).toBe(200);
      expect((await preferences.get("N1")).emailEnabled).toBe(false);

      // She turns kit e-mails back on; the kept link, followed again, leaves them on.
      clock = new Date("2031-03-02T10:00:00Z");
      await preferences.save("N1", { emailEnabled: true, steps: [2, 3, 4, 5] });
      const replayed = await post(kept);
      expect(replayed.status).toBe(200);
      expect(replayed.text).toContain("sent before you last changed");
      expect((await preferences.get("N1")).emailEnabled).toBe(true);

      // The link in an e-mail sent after her change turns them off.
      clock = new Date("2031-03-03T10:00:00Z");
      await senderOn(first, [change(1, "N1", 2), change(2, "N1", 3)]).runOnce();
      expect((await post(await linkOfLatest())).status).toBe(200);
      expect((await preferences.get("N1")).emailEnabled).toBe(false);
    } finally {
      await close();
    }
  });
});

describe("kit steps from the results service to the participant's inbox", () => {
  let identity: RunningIdentityService;
  let results: RunningResultsService;
  // The identity provider reads the log as a program's service would be read: each answer checked against the document.
  checkEveryResultsAnswer(() => results?.url);
  const audience = "http://results.kit-steps.test";

  beforeAll(async () => {
    const resultsPort = await freePort();
    const identityFile = path.join(workDir, "identity-participants.json");
    await writeFile(
      identityFile,
      JSON.stringify({
        participants: people.map((p) => ({ ...p, password: "unused-password-1234", phone: null, firstName: "Test", lastName: p.userId })),
      }),
    );
    identity = await startIdentityService({
      production: false,
      port: 0,
      host: "127.0.0.1",
      portalUrl: "http://localhost:4999",
      portalClientId: "participant-portal",
      portalClientSecret: "test-portal-secret-0123456789",
      resultsApiAudience: audience,
      resultsApiUrl: `http://127.0.0.1:${resultsPort}`,
      dataDir: path.join(workDir, "identity-db"),
      databaseUrl: await freshDatabaseUrl("kit_step_identity"),
      cookieKeys: ["test-cookie-key-one"],
      factorKey: "test-factor-key-of-at-least-32-characters",
      registrationEnabled: false,
      selfServiceUnlockEnabled: false,
      codeResendLockSeconds: 30,
      sendingBudgets: sendingBudgetsFrom(DEFAULT_SENDING_BUDGETS),
      trustedProxies: [],
      demoParticipantsFile: identityFile,
      logger: silent,
      kitStepPollMs: 100,
    });
    const resultsFile = path.join(workDir, "results-participants.json");
    await writeFile(
      resultsFile,
      JSON.stringify({
        participants: people.map((p) => ({
          ...ada,
          ...p,
          kitStatus: 1,
          kitHistory: { events: [{ step: 1, date: "2026-11-01" }] },
          dataExports: undefined,
          apps: ada.apps.map((app) => ({ ...app, appID: `${app.appID}-${p.userId}` })),
        })),
      }),
    );
    results = await startResultsService({
      port: resultsPort,
      host: "127.0.0.1",
      issuer: identity.issuer,
      audience,
      dataDir: path.join(workDir, "results-db"),
      databaseUrl: await freshDatabaseUrl("kit_step_results"),
      demoParticipantsFile: resultsFile,
      environment: "development",
      logLevel: "silent",
    });
  });

  // Closing waits for the services' workers to finish their round: room for a busy machine.
  afterAll(async () => {
    await results?.close();
    await identity?.close();
  }, 180_000);

  const moveKit = (userId: string, body: Record<string, unknown> = {}) =>
    fetch(`${results.url}/dev/kits/${userId}/step`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  type Message = { subject?: string; body?: string; purpose: string; headers?: Record<string, string> };
  const inbox = async (email: string): Promise<Message[]> =>
    ((await (await fetch(`${identity.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Message[]).filter(
      (message) => message.purpose === "kit-step",
    );
  async function waitForInbox(email: string, count: number): Promise<Message[]> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const messages = await inbox(email);
      if (messages.length >= count) return messages;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${email} did not get ${count} kit-step e-mails`);
  }
  const unsubscribeUrlOf = (message: Message) => /^<(.+)>$/.exec(message.headers?.["List-Unsubscribe"] ?? "")![1]!;

  it("the results service's log is read only with the identity provider's own token", async () => {
    expect((await fetch(`${results.url}/kit-step-changes`)).status).toBe(401);
    expect((await fetch(`${results.url}/kit-step-changes`, { headers: { authorization: "Bearer not-a-token" } })).status).toBe(401);
  });

  it("a kit moving on e-mails its participant in their language, with no health detail and a one-click unsubscribe", async () => {
    expect((await moveKit("N2")).status).toBe(200);
    const [message] = await waitForInbox("nico@example.test", 1);
    expect(message!.subject).toBe("Novedades sobre su kit de ADN");
    expect(message!.body).toContain("Muestra recibida");
    expect(message!.body).toContain("http://localhost:4999/");
    expect(message!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrlOf(message!)).toContain(`${identity.url}/notifications/unsubscribe?token=`);
  });

  it("one participant's unsubscribe link turns off their e-mails and no one else's; a forged token changes nothing", async () => {
    expect((await moveKit("N1")).status).toBe(200);
    const [noraMessage] = await waitForInbox("nora@example.test", 1);
    const noraLink = unsubscribeUrlOf(noraMessage!);

    // A GET (a link scanner) only shows the button.
    const shown = await fetch(noraLink);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('name="List-Unsubscribe" value="One-Click"');

    // Nora's token with Nico's id put in it, and one signed with another key: refused, nothing changes.
    const [body, signature] = new URL(noraLink).searchParams.get("token")!.split(".");
    const payload = JSON.parse(Buffer.from(body!, "base64url").toString()) as { a: string };
    const swapped = `${Buffer.from(JSON.stringify({ ...payload, a: "N2" })).toString("base64url")}.${signature}`;
    for (const token of [swapped, unsubscribeToken(["some-other-key"], "N2")]) {
      const forged = await fetch(`${identity.url}/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(forged.status).toBe(400);
    }

    // The mail client's one-click POST (RFC 8058), no cookie, no sign-in.
    const oneClick = await fetch(noraLink, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    // Both kits move on: only Nico hears of it.
    expect((await moveKit("N2")).status).toBe(200);
    expect((await moveKit("N1")).status).toBe(200);
    await waitForInbox("nico@example.test", 2);
    expect(await inbox("nora@example.test")).toHaveLength(1);
  });

  it("moving a kit back records no step, and the development route is refused with bad input", async () => {
    expect((await moveKit("N2", { step: 1 })).status).toBe(200);
    expect((await moveKit("N2", { step: 9 })).status).toBe(400);
    expect((await moveKit("nobody")).status).toBe(404);
    const before = (await inbox("nico@example.test")).length;
    expect((await moveKit("N2", { step: 1 })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await inbox("nico@example.test")).toHaveLength(before);
  });
});
