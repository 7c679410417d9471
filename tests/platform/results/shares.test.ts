import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../lib/postgres/index.ts";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { contractCheckedFetch } from "../../support/results-contract";
import { captureLogs } from "./support/log-capture.ts";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const lucia = demo.participants.find((p) => p.email === "lucia@example.test")!;
const BIRTH = { S1: "1980-01-31", S2: "1990-06-15", S3: "1975-12-01", S4: "2001-02-28", S5: "1969-09-09" } as const;
/** Health results are ready at kit status 5; S5's kit is a step short of them. */
const KIT_STATUS: Record<Person, number> = { S1: 5, S2: 5, S3: 5, S4: 5, S5: 4 };
type Person = keyof typeof BIRTH;
const participant = (userId: Person) => ({
  ...lucia,
  dataExports: undefined,
  userId,
  kitStatus: KIT_STATUS[userId],
  dateOfBirth: BIRTH[userId],
  email: `${userId.toLowerCase()}@example.test`,
  apps: lucia.apps.map((app) => ({ ...app, appID: `${app.appID}-${userId}` })),
});
const fhApp = (userId: Person) => `${lucia.apps.find((app) => app.appName === "fh-health")!.appID as string}-${userId}`;

const FLOOR_MS = 120;
let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;
let clockOffsetSeconds = 0;

async function startService(
  label: string,
  missBudget = { max: 1000, windowSeconds: 3600 },
  options: {
    databaseUrl?: string;
    seed?: boolean;
    logger?: ReturnType<typeof captureLogs>["logger"];
    sourceMissBudget?: { max: number; windowSeconds: number };
  } = {},
) {
  const demoFile = path.join(workDir, `${label}.json`);
  await writeFile(demoFile, JSON.stringify({ participants: (Object.keys(BIRTH) as Person[]).map(participant) }));
  return startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, label),
    databaseUrl: "databaseUrl" in options ? options.databaseUrl : await freshDatabaseUrl(`results_${label}`),
    demoParticipantsFile: options.seed === false ? "" : demoFile,
    environment: "development",
    logLevel: "silent",
    ...(options.logger ? { logger: options.logger } : {}),
    nowSeconds: () => Math.floor(Date.now() / 1000) + clockOffsetSeconds,
    shareSettings: { answerFloorMs: FLOOR_MS, missBudget, sourceMissBudget: options.sourceMissBudget ?? { max: 1000, windowSeconds: 900 } },
  });
}

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-shares-test-"));
  service = await startService("shares");
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

type Created = { share: { id: string; state: string; expiresAt: string }; code: string; link: string };

async function createShare(userId: Person, body: Record<string, unknown> = {}, on = service) {
  return fetch(`${on.url}/shares/${userId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await keys.accessTokenFor(userId)}`, "content-type": "application/json" },
    body: JSON.stringify({ appId: fhApp(userId), recipient: "Dr. Rivera, cardiology", days: 7, language: "en", ...body }),
  });
}

async function shareOf(userId: Person, body: Record<string, unknown> = {}, on = service): Promise<Created> {
  const response = await createShare(userId, body, on);
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
}

const open = (body: Record<string, unknown>, on = service) =>
  fetch(`${on.url}/shared/open`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ device: "computer · Chrome", ...body }),
  });

const report = (access: string, suffix = "") =>
  fetch(`${service.url}/shared/report${suffix}`, { headers: { authorization: `Share ${access}` } });

async function listOf(userId: Person) {
  const response = await fetch(`${service.url}/shares/${userId}`, {
    headers: { authorization: `Bearer ${await keys.accessTokenFor(userId)}` },
  });
  return ((await response.json()) as { shares: Array<{ id: string; state: string; views: { device: string }[] }> }).shares;
}

const noticeToken = () =>
  keys.sign(
    { sub: "identity-provider" },
    { audience: `${keys.audience}/share-notices`, typ: "share-notices+jwt", issuedAt: Math.floor(Date.now() / 1000) },
  );

describe("sharing a report with a clinician (results service)", () => {
  it("shows a clinician a reissued report as its newest version, with that version's date and what changed", async () => {
    const reissued = await fetch(`${service.url}/dev/reports/S4/${fhApp("S4")}/reissue`, {
      method: "POST",
      body: JSON.stringify({ change: "A variant was reclassified." }),
    });
    expect(reissued.status).toBe(201);
    const { version } = (await reissued.json()) as { version: { version: number; issuedOn: string } };
    const created = await shareOf("S4");
    const { access } = (await (await open({ code: created.code, dateOfBirth: BIRTH.S4 })).json()) as { access: string };
    const shown = (await (await report(access)).json()) as {
      report: { sections: { heading: string; paragraphs?: string[]; rows?: string[][] }[] };
    };
    const rows = shown.report.sections.flatMap((section) => section.rows ?? []);
    expect(rows).toContainEqual(["Report version", String(version.version)]);
    expect(shown.report.sections).toContainEqual(expect.objectContaining({ paragraphs: ["A variant was reclassified."] }));
  });

  it("opens the shared report with the code and the date of birth, with no participant token, and records the view", async () => {
    const created = await shareOf("S1");
    expect(created.code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(created.link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.share.state).toBe("active");

    const opened = await open({ code: created.code.toLowerCase().replace("-", " "), dateOfBirth: BIRTH.S1 });
    expect(opened.status).toBe(200);
    const { access } = (await opened.json()) as { access: string };
    const shown = await report(access, "?lang=es");
    expect(shown.status).toBe(200);
    const body = (await shown.json()) as { share: { recipient: string }; report: { title: string; language: string } };
    expect(body.share.recipient).toBe("Dr. Rivera, cardiology");
    expect(body.report.language).toBe("es");
    expect(body.report.title).toMatch(/hipercolesterolemia familiar/);
    const pdf = await report(access, ".pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // The link works the same way, with the date of birth too.
    expect((await open({ link: created.link, dateOfBirth: BIRTH.S1 })).status).toBe(200);
    const [listed] = await listOf("S1");
    expect(listed!.views.map((view) => view.device)).toEqual(["computer · Chrome", "computer · Chrome"]);
  });

  it("shares no report whose results are not ready yet", async () => {
    expect((await createShare("S5")).status).toBe(409);
    expect(await listOf("S5")).toEqual([]);
  });

  it("answers a wrong date of birth exactly as an unknown code, as slowly, and locks the share after five", async () => {
    const created = await shareOf("S2");
    const timed = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const response = await open(body);
      return { status: response.status, text: await response.text(), ms: performance.now() - started };
    };
    const unknown = await timed({ code: "ABCDE-FGHJK", dateOfBirth: BIRTH.S2 });
    const wrongBirth = await timed({ code: created.code, dateOfBirth: "1990-06-16" });
    expect(wrongBirth.status).toBe(404);
    expect(wrongBirth.text).toBe(unknown.text);
    expect(unknown.ms).toBeGreaterThanOrEqual(FLOOR_MS - 5);
    expect(wrongBirth.ms).toBeGreaterThanOrEqual(FLOOR_MS - 5);

    for (let wrong = 2; wrong <= 5; wrong++) expect((await open({ code: created.code, dateOfBirth: "2000-01-01" })).status).toBe(404);
    // Locked: even the right date of birth opens nothing now.
    expect((await open({ code: created.code, dateOfBirth: BIRTH.S2 })).status).toBe(410);
    const [listed] = await listOf("S2");
    expect(listed!.state).toBe("locked");
  });

  it("opens nothing with another participant's code and one's own date of birth, and lists or ends nobody else's shares", async () => {
    const created = await shareOf("S1");
    expect((await open({ code: created.code, dateOfBirth: BIRTH.S3 })).status).toBe(404);
    const theirs = await fetch(`${service.url}/shares/S1`, { headers: { authorization: `Bearer ${await keys.accessTokenFor("S3")}` } });
    expect(theirs.status).toBe(403);
    const revoke = await fetch(`${service.url}/shares/S1/${created.share.id}/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor("S3")}` },
    });
    expect(revoke.status).toBe(403);
    // A results link opens results only: it shares nothing.
    const byLink = await fetch(`${service.url}/shares/S1`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor("S1", { token_type: "ACCESS" })}`, "content-type": "application/json" },
      body: JSON.stringify({ appId: fhApp("S1"), recipient: "x", days: 1 }),
    });
    expect(byLink.status).toBe(403);
  });

  it("stops at revocation, at once, for the code and for a page already open", async () => {
    const created = await shareOf("S3");
    const { access } = (await (await open({ code: created.code, dateOfBirth: BIRTH.S3 })).json()) as { access: string };
    const revoked = await fetch(`${service.url}/shares/S3/${created.share.id}/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor("S3")}` },
    });
    expect(((await revoked.json()) as Created).share.state).toBe("revoked");
    expect((await report(access)).status).toBe(401);
    expect((await open({ code: created.code, dateOfBirth: BIRTH.S3 })).status).toBe(410);
  });

  it("stops at its end time", async () => {
    const created = await shareOf("S1", { days: 1 });
    const { access } = (await (await open({ code: created.code, dateOfBirth: BIRTH.S1 })).json()) as { access: string };
    clockOffsetSeconds = 24 * 3600 + 1;
    try {
      expect((await open({ code: created.code, dateOfBirth: BIRTH.S1 })).status).toBe(410);
      expect((await report(access)).status).toBe(401);
      expect((await listOf("S1")).find((share) => share.id === created.share.id)!.state).toBe("expired");
    } finally {
      clockOffsetSeconds = 0;
    }
  });

  it("stops when the participant asks to withdraw, and shares nothing new after", async () => {
    const created = await shareOf("S4");
    const { access } = (await (await open({ code: created.code, dateOfBirth: BIRTH.S4 })).json()) as { access: string };
    const withdrawal = await fetch(`${service.url}/withdrawals/S4`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor("S4")}`, "content-type": "application/json" },
      body: JSON.stringify({ choice: "stop-research", requestKey: "share-test-s4", verification: await keys.stepUpProofFor("S4") }),
    });
    expect(withdrawal.status).toBe(201);
    expect((await report(access)).status).toBe(401);
    expect((await open({ code: created.code, dateOfBirth: BIRTH.S4 })).status).toBe(410);
    expect((await createShare("S4")).status).toBe(409);
  });

  it("hands every share event to the identity provider once, and to nobody else", async () => {
    const claim = async (authorization?: string) =>
      fetch(`${service.url}/share-notices/claim`, { method: "POST", headers: authorization ? { authorization } : {} });
    expect((await claim()).status).toBe(401);
    expect((await claim(`Bearer ${await keys.accessTokenFor("S1")}`)).status).toBe(401);
    const answer = (await (await claim(`Bearer ${await noticeToken()}`)).json()) as {
      notices: Array<{ id: string; kind: string; userId: string; device: string | null }>;
    };
    const kinds = new Set(answer.notices.map((notice) => notice.kind));
    expect([...kinds].sort()).toEqual(["created", "locked", "revoked", "viewed"]);
    expect(answer.notices.find((notice) => notice.kind === "viewed")!.device).toBe("computer · Chrome");
    // Taken by one sender: a second sender gets none of them meanwhile.
    expect(((await (await claim(`Bearer ${await noticeToken()}`)).json()) as { notices: unknown[] }).notices).toEqual([]);
    const ack = await fetch(`${service.url}/share-notices/ack`, {
      method: "POST",
      headers: { authorization: `Bearer ${await noticeToken()}`, "content-type": "application/json" },
      body: JSON.stringify({ ids: answer.notices.map((notice) => notice.id) }),
    });
    expect(ack.status).toBe(204);
  });
});

describe("guessing budgets: per source in front of the deployment's, the share's own first", () => {
  let small: RunningResultsService;
  const logs = captureLogs();
  beforeAll(async () => {
    small = await startService(
      "budget",
      { max: 6, windowSeconds: 3600 },
      { logger: logs.logger, sourceMissBudget: { max: 3, windowSeconds: 900 } },
    );
  });
  afterAll(() => small?.close());

  const from = (source: string, body: Record<string, unknown>) => open({ ...body, source }, small);
  const STRANGER = "stranger-source-hash-0000000000000001";
  const OTHER_STRANGER = "stranger-source-hash-0000000000000002";
  const CLINIC = "clinic-source-hash-000000000000000001";

  it("slows one source down before the deployment's budget; a right code and date of birth from another source open", async () => {
    const created = await shareOf("S1", {}, small);
    for (let miss = 0; miss < 3; miss++) expect((await from(STRANGER, { code: "ZZZZZ-ZZZZZ", dateOfBirth: BIRTH.S1 })).status).toBe(404);
    const slowed = await from(STRANGER, { code: "ZZZZZ-ZZZZZ", dateOfBirth: BIRTH.S1 });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another source's miss is still told as a miss: one source is slowed, not everyone.
    expect((await from(CLINIC, { code: "ZZZZZ-ZZZZZ", dateOfBirth: BIRTH.S1 })).status).toBe(404);
    // Nothing the slowed source sends is compared until its window ends, a right pair included ...
    expect((await from(STRANGER, { code: created.code, dateOfBirth: "1999-01-01" })).status).toBe(429);
    expect((await from(STRANGER, { code: created.code, dateOfBirth: BIRTH.S1 })).status).toBe(429);
    // ... while the clinician, at her own address, opens it.
    expect((await from(CLINIC, { code: created.code, dateOfBirth: BIRTH.S1 })).status).toBe(200);
  });

  it("never refuses the right code and date of birth because of strangers' misses, and alerts once when the deployment's are spent", async () => {
    const created = await shareOf("S3", {}, small);
    // Two more strangers' sources spend the rest of the deployment's six misses (one went to the clinic above).
    for (const source of [OTHER_STRANGER, "stranger-source-hash-0000000000000003"])
      for (let miss = 0; miss < 3; miss++) await from(source, { code: "ZZZZZ-ZZZZZ", dateOfBirth: BIRTH.S3 });
    const spent = await from("probe-source-hash-00000000000000001", { code: "ZZZZZ-ZZZZZ", dateOfBirth: BIRTH.S3 });
    expect(spent.status).toBe(429);
    // Every failure is now answered alike, a real code with a wrong date of birth too ...
    const wrong = await from("probe-source-hash-00000000000000002", { code: created.code, dateOfBirth: "1999-01-01" });
    expect(wrong.status).toBe(429);
    const withoutWait = async (response: Response) => ({ ...((await response.json()) as object), retryAfterSeconds: 0 });
    expect(await withoutWait(wrong)).toEqual(await withoutWait(spent));
    // ... while a clinician with the right code and the right date of birth is let in.
    expect((await from("clinic-source-hash-000000000000000002", { code: created.code, dateOfBirth: BIRTH.S3 })).status).toBe(200);
    const alerts = logs.lines
      .map((line) => JSON.parse(line) as { alert?: string })
      .filter((line) => line.alert === "share-miss-budget-exhausted");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ level: 50, max: 6, windowMinutes: 60 });
  });

  it("counts misses sent in parallel exactly: no more than the budget are answered as misses", async () => {
    const fresh = await startService("parallel", { max: 5, windowSeconds: 3600 }, { sourceMissBudget: { max: 1000, windowSeconds: 900 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          open({ code: "ZZZZZ-ZZZZZ", dateOfBirth: BIRTH.S1, source: `parallel-source-${String(i).padStart(20, "0")}` }, fresh),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 404)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    } finally {
      await fresh.close();
    }
  });
});

describe("an ended share", () => {
  const same = async (code: string, birthDates: string[]) => {
    const answers = await Promise.all(
      birthDates.map(async (dateOfBirth) => {
        const response = await open({ code, dateOfBirth });
        return `${response.status} ${await response.text()}`;
      }),
    );
    return new Set(answers);
  };

  it("answers every date of birth alike once locked, revoked or expired", async () => {
    const locked = await shareOf("S2");
    for (let wrong = 0; wrong < 5; wrong++) await open({ code: locked.code, dateOfBirth: "2000-01-01" });
    expect(await same(locked.code, [BIRTH.S2, "1990-06-16", "1950-01-01"])).toEqual(new Set([expect.stringMatching(/^410 /)]));

    const revoked = await shareOf("S3");
    await fetch(`${service.url}/shares/S3/${revoked.share.id}/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor("S3")}` },
    });
    expect((await same(revoked.code, [BIRTH.S3, "1975-12-02"])).size).toBe(1);

    const expiring = await shareOf("S1", { days: 1 });
    clockOffsetSeconds = 24 * 3600 + 1;
    try {
      expect((await same(expiring.code, [BIRTH.S1, "1980-02-01"])).size).toBe(1);
    } finally {
      clockOffsetSeconds = 0;
    }
  });
});

describe("the clinician's side", () => {
  it("'Close this report' ends the access at once; each page and PDF sent is recorded; a made-up device word is not", async () => {
    const created = await shareOf("S1");
    const opened = await open({ code: created.code, dateOfBirth: BIRTH.S1, device: "<script>fridge</script>" });
    const { access } = (await opened.json()) as { access: string };
    expect((await report(access)).status).toBe(200);
    expect((await report(access)).status).toBe(200);
    expect((await report(access, ".pdf")).status).toBe(200);
    const listed = (await listOf("S1")).find((share) => share.id === created.share.id) as unknown as {
      views: { device: string }[];
      deliveries: { page: number; pdf: number };
    };
    expect(listed.views.map((view) => view.device)).toEqual(["unknown"]);
    expect(listed.deliveries).toEqual({ page: 2, pdf: 1 });

    const closed = await fetch(`${service.url}/shared/close`, { method: "POST", headers: { authorization: `Share ${access}` } });
    expect(closed.status).toBe(204);
    expect((await report(access)).status).toBe(401);
    expect((await report(access, ".pdf")).status).toBe(401);
  });

  it("shows a report only while its results are ready, as the participant's own page does", async () => {
    const created = await shareOf("S3");
    const { access } = (await (await open({ code: created.code, dateOfBirth: BIRTH.S3 })).json()) as { access: string };
    expect((await report(access)).status).toBe(200);
    // The lab moves the kit back a step: health results are not ready any more.
    const moved = await fetch(`${service.url}/dev/kits/S3/step`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ step: 4 }),
    });
    expect(moved.status).toBe(200);
    expect((await report(access)).status).toBe(404);
    expect((await report(access, ".pdf")).status).toBe(404);
    await fetch(`${service.url}/dev/kits/S3/step`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"step":5}' });
  });
});

describe("account deletion", () => {
  it("deletes the participant's shares with their record: the code and an open page stop working", async () => {
    const databaseUrl = await freshDatabaseUrl("results_deletion");
    let running = await startService("deletion", undefined, { databaseUrl });
    const created = await shareOf("S2", {}, running);
    const { access } = (await (await open({ code: created.code, dateOfBirth: BIRTH.S2 }, running)).json()) as { access: string };
    await running.close();

    // The participant's record is deleted (the account is closed), as an operator's deletion does.
    const db = await openDatabase({ url: databaseUrl, dataDir: path.join(workDir, "deletion") });
    await db.query("DELETE FROM results_patients WHERE user_id = 'S2'");
    expect(await db.query("SELECT 1 FROM results_shares WHERE user_id = 'S2'")).toEqual([]);
    await db.close();

    running = await startService("deletion", undefined, { databaseUrl, seed: false });
    try {
      expect((await open({ code: created.code, dateOfBirth: BIRTH.S2 }, running)).status).toBe(404);
      const page = await fetch(`${running.url}/shared/report`, { headers: { authorization: `Share ${access}` } });
      expect(page.status).toBe(401);
    } finally {
      await running.close();
    }
  });
});

describe("a share created again with the same request key", () => {
  let requests: RunningResultsService | null = null;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl("results_requests");
    requests = await startService("requests", undefined, { databaseUrl });
  }, 120_000);
  afterAll(async () => {
    clockOffsetSeconds = 0;
    await requests?.close();
  });
  const listOn = async (userId: Person) =>
    (
      (await (
        await fetch(`${requests!.url}/shares/${userId}`, { headers: { authorization: `Bearer ${await keys.accessTokenFor(userId)}` } })
      ).json()) as { shares: { id: string; recipient: string }[] }
    ).shares;

  it("answers the same share, code and link to a retry, creates no second share, and the code opens it", async () => {
    const requestKey = crypto.randomUUID();
    const first = await createShare("S1", { requestKey, recipient: "Dr. Okafor" }, requests!);
    expect(first.status).toBe(201);
    const created = (await first.json()) as Created;
    // The portal's answer was lost: it sends the same request again.
    const again = await createShare("S1", { requestKey, recipient: "Dr. Okafor" }, requests!);
    expect(again.status).toBe(200);
    const replayed = (await again.json()) as Created;
    expect(replayed.share.id).toBe(created.share.id);
    expect(replayed.code).toBe(created.code);
    expect(replayed.link).toBe(created.link);
    expect((await listOn("S1")).filter((share) => share.recipient === "Dr. Okafor")).toHaveLength(1);
    expect((await open({ code: replayed.code, dateOfBirth: BIRTH.S1 }, requests!)).status).toBe(200);
    expect((await open({ link: replayed.link, dateOfBirth: BIRTH.S1 }, requests!)).status).toBe(200);
    // A new key is a new share.
    expect((await createShare("S1", { requestKey: crypto.randomUUID(), recipient: "Dr. Okafor" }, requests!)).status).toBe(201);
    expect((await listOn("S1")).filter((share) => share.recipient === "Dr. Okafor")).toHaveLength(2);
  });

  it("gives another participant nothing with the same key: it is their own new share", async () => {
    const requestKey = crypto.randomUUID();
    const mine = (await (await createShare("S2", { requestKey }, requests!)).json()) as Created;
    const theirs = await createShare("S3", { requestKey }, requests!);
    expect(theirs.status).toBe(201);
    const created = (await theirs.json()) as Created;
    expect(created.share.id).not.toBe(mine.share.id);
    expect(created.code).not.toBe(mine.code);
  });

  it("refuses a request key that is not a UUID", async () => {
    expect((await createShare("S2", { requestKey: "again" }, requests!)).status).toBe(400);
  });

  it("answers the share without its code once the few minutes are over", async () => {
    const requestKey = crypto.randomUUID();
    const created = (await (await createShare("S4", { requestKey }, requests!)).json()) as Created;
    clockOffsetSeconds += 5 * 60 + 1;
    const late = await createShare("S4", { requestKey }, requests!);
    expect(late.status).toBe(409);
    const body = (await late.json()) as Record<string, unknown> & { share: { id: string } };
    expect(body.share.id).toBe(created.share.id);
    expect(body).not.toHaveProperty("code");
    expect(JSON.stringify(body)).not.toContain(created.code);
    // Nothing sealed is kept past its few minutes.
    await requests!.close();
    requests = null;
    const db = await openDatabase({ url: databaseUrl, dataDir: path.join(workDir, "requests") });
    try {
      const rows = await db.query<{ secrets_sealed: string | null }>(
        "SELECT secrets_sealed FROM results_share_requests WHERE share_id = $1",
        [created.share.id],
      );
      expect(rows).toEqual([{ secrets_sealed: null }]);
    } finally {
      await db.close();
    }
  });
});
