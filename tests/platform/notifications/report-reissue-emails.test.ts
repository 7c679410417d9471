import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../lib/postgres/index.ts";
import { createPreferencesApi } from "../../../platform/identity/notifications/preferences-api.ts";
import { createNotificationPreferences, researchUpdatesChannel } from "../../../platform/identity/notifications/preferences.ts";
import { createReportReissueSender, type ReportReissue } from "../../../platform/identity/notifications/results-report-reissues.ts";
import { createOutbox } from "../../../platform/identity/store/outbox.ts";
import { type EmailPerson, identityDatabaseWith } from "../../support/identity-database.ts";

const silent = pino({ level: "silent" });
const now = () => new Date();

const people: EmailPerson[] = [
  { userId: "R1", email: "rosa@example.test", locale: "en" },
  { userId: "R2", email: "raul@example.test", locale: "es" },
];

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "report-reissue-emails-"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const reissue = (id: number, userId: string, appName: string, version: number, appId = `${appName}-${userId}`): ReportReissue => ({
  id,
  userId,
  appId,
  appName,
  version,
  reissuedAt: `2026-11-20T10:00:0${id}.000Z`,
});

function senderOn(db: Database, reissues: ReportReissue[]) {
  return createReportReissueSender({
    db,
    feed: async (after) => ({
      reissues: reissues.filter((each) => each.id > after),
      lastId: Math.max(0, ...reissues.map((each) => each.id)),
    }),
    issuer: "https://id.example.test",
    portalUrl: "https://portal.example.test",
    unsubscribeKeys: ["test-unsubscribe-key"],
    now,
    logger: silent,
  });
}

const reissueMail = async (db: Database, email: string) =>
  (await createOutbox(db, now).list(email)).filter((message) => message.purpose === "report-reissue");

describe("e-mails for a reissued health or FH report", () => {
  it("two instances racing, a retry and a log read again send one e-mail per report and version, in the participant's language", async () => {
    const { first, second, close } = await identityDatabaseWith("report_reissue_race", people, workDir);
    try {
      const log = [reissue(1, "R1", "health", 2), reissue(2, "R2", "fh-health", 2), reissue(3, "R1", "health", 3)];
      const a = senderOn(first, log);
      const b = senderOn(second, log);
      const sent = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(sent.reduce((sum, each) => sum + each, 0)).toBe(3);
      await first.query("DELETE FROM idp_kit_step_cursor WHERE name = 'report-reissues'");
      expect(await b.runOnce()).toBe(0);
      // The same report and version under another log position (a log started again): still one e-mail.
      expect(await senderOn(first, [reissue(9, "R1", "health", 3)]).runOnce()).toBe(0);

      const rosa = await reissueMail(first, "rosa@example.test");
      const raul = await reissueMail(first, "raul@example.test");
      expect(rosa).toHaveLength(2);
      expect(raul).toHaveLength(1);
      expect(rosa[0]).toMatchObject({ subject: "A report in your portal was updated", link: "https://portal.example.test/" });
      expect(raul[0]).toMatchObject({ subject: "Se actualizó un informe en su portal" });
      // No health detail: not which report, not what changed; only the link to sign in and to unsubscribe.
      for (const message of [...rosa, ...raul]) {
        expect(message.body).not.toMatch(/health|salud|FH|HF|hypercholesterolemia|hipercolesterolemia|variant/i);
        expect(message.body).toContain("https://portal.example.test/");
        expect(message.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      }
    } finally {
      await close();
    }
  });

  it("follows the kit e-mail choices ('Health results ready'), and sends nothing for a report that is not health or FH", async () => {
    const { first, close } = await identityDatabaseWith("report_reissue_choices", people, workDir);
    try {
      const preferences = createNotificationPreferences(first, now);
      await preferences.save("R1", { emailEnabled: true, steps: [2, 3, 4] });
      await preferences.save("R2", { emailEnabled: false, steps: [2, 3, 4, 5] });
      const log = [
        reissue(1, "R1", "health", 2),
        reissue(2, "R2", "health", 2),
        reissue(3, "R1", "traits", 2),
        reissue(4, "NOBODY", "health", 2),
      ];
      expect(await senderOn(first, log).runOnce()).toBe(0);
      expect(await reissueMail(first, "rosa@example.test")).toEqual([]);
      expect(await reissueMail(first, "raul@example.test")).toEqual([]);
      const outcomes = await first.query<{ outcome: string }>(
        "SELECT outcome FROM idp_report_reissue_notices ORDER BY decided_at, outcome",
      );
      expect(outcomes.map((row) => row.outcome).sort()).toEqual(["no-account", "not-health", "off", "off"]);
      // Turned back on later: a new version is e-mailed, the decided one is not sent after all.
      await preferences.save("R1", { emailEnabled: true, steps: [5] });
      expect(await senderOn(first, [...log, reissue(5, "R1", "health", 3)]).runOnce()).toBe(1);
    } finally {
      await close();
    }
  });
});

describe("research updates in the notification preferences", () => {
  it("are none until chosen, keep a channel and a frequency, survive a client that does not send them, and end for good at a withdrawal", async () => {
    const { first, close } = await identityDatabaseWith("research_updates", people, workDir);
    try {
      const preferences = createNotificationPreferences(first, now);
      expect((await preferences.get("R1")).researchUpdates).toEqual({ channel: "none", frequency: "monthly" });
      await preferences.save("R1", { emailEnabled: true, steps: [5], researchUpdates: { channel: "email", frequency: "quarterly" } });
      await preferences.save("R1", { emailEnabled: false, steps: [5] });
      const chosen = await preferences.get("R1");
      expect(chosen).toMatchObject({
        emailEnabled: false,
        researchUpdates: { channel: "email", frequency: "quarterly" },
        researchWithdrawn: false,
      });
      expect(researchUpdatesChannel(chosen)).toBe("email");

      await preferences.markResearchWithdrawn("R1");
      await preferences.save("R1", { emailEnabled: true, steps: [5], researchUpdates: { channel: "email", frequency: "monthly" } });
      const withdrawn = await preferences.get("R1");
      expect(withdrawn).toMatchObject({ researchWithdrawn: true, researchUpdates: { channel: "none" } });
      expect(researchUpdatesChannel(withdrawn)).toBe("none");
    } finally {
      await close();
    }
  });
});

describe("the preferences API and a withdrawal", () => {
  it("learns a withdrawal from the results service with the participant's token, then refuses research updates by e-mail (409)", async () => {
    const { first, close } = await identityDatabaseWith("research_updates_api", people, workDir);
    const withdrawn = new Set<string>();
    const asked: string[] = [];
    const api = createPreferencesApi({
      preferences: createNotificationPreferences(first, now),
      verifyAccessToken: async (token) => ({ sub: token, uid: token, gid: `grant-${token}` }),
      grantIsLive: async () => true,
      hasWithdrawn: async (accountId, accessToken) => {
        asked.push(accessToken);
        return withdrawn.has(accountId);
      },
    });
    const server = createServer((req, res) => void api(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const call = async (userId: string, body?: unknown) => {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/notifications/preferences`, {
        method: body ? "POST" : "GET",
        headers: { authorization: `Bearer ${userId}`, "content-type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: answer.status, json: (await answer.json()) as { preferences: Record<string, unknown> } };
    };
    try {
      const emailMonthly = { emailEnabled: true, steps: [5], researchUpdates: { channel: "email", frequency: "monthly" } };
      expect((await call("R1", emailMonthly)).json.preferences).toMatchObject({
        researchUpdates: { channel: "email" },
        researchWithdrawn: false,
      });
      withdrawn.add("R1");
      const after = await call("R1");
      expect(after.json.preferences).toMatchObject({ researchUpdates: { channel: "none" }, researchWithdrawn: true });
      expect(asked).toContain("R1");
      const refused = await call("R1", emailMonthly);
      expect(refused.status).toBe(409);
      // Her kit choices alone still save; once known, the withdrawal is not asked about again.
      const before = asked.length;
      expect((await call("R1", { emailEnabled: false, steps: [] })).json.preferences).toMatchObject({
        emailEnabled: false,
        researchUpdates: { channel: "none" },
      });
      expect(asked).toHaveLength(before);
      // A value the form never offers is refused.
      expect((await call("R2", { emailEnabled: true, steps: [], researchUpdates: { channel: "sms", frequency: "monthly" } })).status).toBe(
        400,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await close();
    }
  });
});
