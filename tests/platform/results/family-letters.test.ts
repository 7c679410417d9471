import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../support/database";
import { contractCheckedFetch } from "../../support/results-contract";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const lucia = demo.participants.find((p) => p.email === "lucia@example.test")!;
const PEOPLE = ["F1", "F2", "F3", "F4", "F5", "F6"] as const;
type Person = (typeof PEOPLE)[number];
/** What an FH report found; F6's found nothing. */
const FINDING = { gene: "LDLR", variant: "NM_000527.5:c.1775G>A (p.Gly592Glu)", classification: "pathogenic" };
const participant = (userId: Person) => ({
  ...lucia,
  dataExports: undefined,
  userId,
  kitStatus: 5,
  firstName: `Relativa${userId}`,
  email: `${userId.toLowerCase()}@example.test`,
  apps: lucia.apps.map((app) => ({
    ...app,
    appID: `${app.appID}-${userId}`,
    ...(app.appName === "fh-health" && userId !== "F6" ? { fhFinding: FINDING } : {}),
  })),
});
const appOf = (userId: Person, appName: string) => `${lucia.apps.find((app) => app.appName === appName)!.appID as string}-${userId}`;

let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;
let clockOffsetSeconds = 0;

async function startService(
  label: string,
  sourceMissBudget = { max: 1000, windowSeconds: 900 },
  missBudget = { max: 1000, windowSeconds: 3600 },
) {
  const demoFile = path.join(workDir, `${label}.json`);
  await writeFile(demoFile, JSON.stringify({ participants: PEOPLE.map(participant) }));
  return startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, label),
    databaseUrl: await freshDatabaseUrl(`results_${label}`),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
    nowSeconds: () => Math.floor(Date.now() / 1000) + clockOffsetSeconds,
    shareSettings: { answerFloorMs: 50, missBudget, sourceMissBudget },
  });
}

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "results-family-letters-test-"));
  service = await startService("letters");
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

type Letter = { id: string; code: string; state: string; uses: number; expiresAt: string };
type Content = {
  language: string;
  title: string;
  participantName: string;
  sections: Array<{ heading: string; paragraphs?: string[]; rows?: string[][] }>;
};

const asOwner = async (userId: Person) => ({
  authorization: `Bearer ${await keys.accessTokenFor(userId)}`,
  "content-type": "application/json",
});

async function makeLetter(userId: Person, appName = "fh-health", on = service) {
  return fetch(`${on.url}/family-letters/${userId}`, {
    method: "POST",
    headers: await asOwner(userId),
    body: JSON.stringify({ appId: appOf(userId, appName) }),
  });
}

const open = (code: string, body: Record<string, unknown> = {}, on = service) =>
  fetch(`${on.url}/family-letter/open`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, language: "en", ...body }),
  });

async function lettersOf(userId: Person): Promise<Letter[]> {
  const response = await fetch(`${service.url}/family-letters/${userId}`, { headers: await asOwner(userId) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { letters: Letter[] }).letters;
}

describe("family letters after an FH result (results service)", () => {
  it("makes one letter per FH report, with a relative code that opens the letter alone and counts each use", async () => {
    const first = await makeLetter("F1");
    expect(first.status).toBe(201);
    const { letter } = (await first.json()) as { letter: Letter };
    expect(letter.code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(letter.state).toBe("active");
    const days = (new Date(letter.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    // The same request again (a second tab, a retry) answers the same letter and code.
    const again = await makeLetter("F1");
    expect(again.status).toBe(200);
    expect(((await again.json()) as { letter: Letter }).letter).toMatchObject({ id: letter.id, code: letter.code });

    // Typed by a relative: any case, with or without the dash.
    const opened = await open(letter.code.toLowerCase().replace("-", " "), { language: "es" });
    expect(opened.status).toBe(200);
    const shown = (await opened.json()) as { letter: Content };
    expect(shown.letter.language).toBe("es");
    expect(shown.letter.title).toMatch(/hipercolesterolemia familiar/);
    const words = JSON.stringify(shown);
    // Nothing of the participant's: no name, no id, no report.
    expect(words).not.toContain("RelativaF1");
    expect(words).not.toContain("F1");
    expect(words).not.toMatch(/LDLR|variante preocupante/);
    expect(words).toContain(letter.code);
    await open(letter.code);

    const [listed] = await lettersOf("F1");
    expect(listed).toMatchObject({ id: letter.id, uses: 2, state: "active" });
    // A relative code is no share code: it opens no clinician's share.
    const asShare = await fetch(`${service.url}/shared/open`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: letter.code, dateOfBirth: "1980-01-31" }),
    });
    expect(asShare.status).toBe(404);
  });

  it("gives the participant the letter as words and as a tagged PDF in either language", async () => {
    const { letter } = (await (await makeLetter("F2")).json()) as { letter: Letter };
    const at = `${service.url}/family-letters/F2/${letter.id}`;
    const read = await fetch(`${at}/letter?lang=es`, { headers: await asOwner("F2") });
    const body = (await read.json()) as { content: Content };
    expect(body.content.sections.map((section) => section.heading)).toEqual([
      "Por qué recibe esta carta",
      "Qué es la HF",
      "Por qué sus familiares deben hacerse la prueba",
      "Cómo hacerse la prueba",
      "Acerca de esta carta",
    ]);
    const pdf = await fetch(`${at}/letter.pdf?lang=es`, { headers: await asOwner("F2") });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF-")).toBe(true);
    expect(bytes).toContain("/StructTreeRoot");
    expect(bytes).toMatch(/\/Lang \(es\)/);
    // Another participant's token reads none of it.
    const other = await fetch(`${at}/letter`, { headers: await asOwner("F1") });
    expect(other.status).toBe(403);
  });

  it("says whether a ready FH report found a variant, in its words, and refuses a letter for one that found none", async () => {
    type Answer = { apps: Array<{ appID: string; appName: string; variantFound?: boolean }> };
    const fhCard = async (userId: Person) => {
      const response = await fetch(`${service.url}/results/${userId}`, {
        headers: await asOwner(userId),
      });
      const { apps } = (await response.json()) as Answer;
      return apps;
    };
    const [withFinding, without] = [await fhCard("F5"), await fhCard("F6")];
    expect(withFinding.find((app) => app.appName === "fh-health")).toMatchObject({ variantFound: true });
    expect(without.find((app) => app.appName === "fh-health")).toMatchObject({ variantFound: false });
    // Only an FH report says it; which variant is in the report alone.
    expect(withFinding.filter((app) => "variantFound" in app).map((app) => app.appName)).toEqual(["fh-health"]);
    expect(JSON.stringify(withFinding)).not.toContain("LDLR");

    const words = async (userId: Person, language: string) => {
      const response = await fetch(
        `${service.url}/reports/${lucia.sourceID as string}/${appOf(userId, "fh-health")}/${userId}/content?lang=${language}`,
        { headers: await asOwner(userId) },
      );
      expect(response.status).toBe(200);
      return JSON.stringify(await response.json());
    };
    expect(await words("F5", "en")).toContain("A pathogenic variant was found in the LDLR gene: NM_000527.5:c.1775G>A (p.Gly592Glu).");
    expect(await words("F5", "en")).toContain("Pathogenic variant: NM_000527.5:c.1775G>A (p.Gly592Glu)");
    expect(await words("F5", "es")).toContain("Se encontró una variante patogénica en el gen LDLR");
    expect(await words("F6", "en")).toContain("No pathogenic or likely pathogenic variant was found in LDLR, APOB or PCSK9.");
    expect(await words("F6", "es")).not.toContain("Se encontró una variante");

    const refused = await makeLetter("F6");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/found no variant/);
    expect(await lettersOf("F6")).toEqual([]);
  });

  it("refuses a letter for a report that is not FH", async () => {
    const response = await makeLetter("F3", "women-wellness");
    expect(response.status).toBe(404);
  });

  it("answers an ended code and an expired one with 410 and why, an unknown one with 404", async () => {
    const { letter } = (await (await makeLetter("F3")).json()) as { letter: Letter };
    const ended = await fetch(`${service.url}/family-letters/F3/${letter.id}/end`, { method: "POST", headers: await asOwner("F3") });
    expect(((await ended.json()) as { letter: Letter }).letter.state).toBe("ended");
    const afterEnd = await open(letter.code);
    expect(afterEnd.status).toBe(410);
    expect(await afterEnd.json()).toMatchObject({ reason: "ended" });
    // The report's next letter is a new code; the ended one stays ended.
    const next = (await (await makeLetter("F3")).json()) as { letter: Letter };
    expect(next.letter.code).not.toBe(letter.code);

    expect((await open("ZZZZZ-ZZZZZ")).status).toBe(404);

    clockOffsetSeconds = 91 * 86_400;
    try {
      const expired = await open(next.letter.code);
      expect(expired.status).toBe(410);
      expect(await expired.json()).toMatchObject({ reason: "expired" });
      expect((await lettersOf("F3")).map((each) => each.state).sort()).toEqual(["ended", "expired"]);
    } finally {
      clockOffsetSeconds = 0;
    }
  });

  it("makes one letter of two requests sent at once", async () => {
    const answers = await Promise.all([makeLetter("F5"), makeLetter("F5")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const letters = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { letter: Letter }).letter.code));
    expect(letters[0]).toBe(letters[1]);
    expect(await lettersOf("F5")).toHaveLength(1);
  });

  it("stops opening when the participant asks to withdraw, and makes no new letter after", async () => {
    const { letter } = (await (await makeLetter("F4")).json()) as { letter: Letter };
    const withdrawal = await fetch(`${service.url}/withdrawals/F4`, {
      method: "POST",
      headers: await asOwner("F4"),
      body: JSON.stringify({ choice: "stop-research", requestKey: "letter-test-f4", verification: await keys.stepUpProofFor("F4") }),
    });
    expect(withdrawal.status).toBe(201);
    const refused = await open(letter.code);
    expect(refused.status).toBe(410);
    expect((await lettersOf("F4"))[0]!.state).toBe("withdrawn");
    expect((await makeLetter("F4")).status).toBe(409);
  });

  it("budgets guesses per source as share codes are: past it, even a right code waits", async () => {
    const tight = await startService("letters-budget", { max: 2, windowSeconds: 900 });
    try {
      const { letter } = (await (await makeLetter("F1", "fh-health", tight)).json()) as { letter: Letter };
      const source = "relative-source-test-1";
      expect((await open("ZZZZZ-ZZZZ2", { source }, tight)).status).toBe(404);
      expect((await open("ZZZZZ-ZZZZ3", { source }, tight)).status).toBe(404);
      const slowed = await open(letter.code, { source }, tight);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another source is not slowed by this one's guesses.
      expect((await open(letter.code, { source: "relative-source-test-2" }, tight)).status).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it("past the deployment's budget every miss waits while a right code opens, and share codes keep their own budget", async () => {
    const tight = await startService("letters-deployment", { max: 1000, windowSeconds: 900 }, { max: 2, windowSeconds: 3600 });
    try {
      const { letter } = (await (await makeLetter("F2", "fh-health", tight)).json()) as { letter: Letter };
      expect((await open("ZZZZZ-ZZZZ2", { source: "relative-source-a-1" }, tight)).status).toBe(404);
      expect((await open("ZZZZZ-ZZZZ3", { source: "relative-source-b-1" }, tight)).status).toBe(404);
      expect((await open("ZZZZZ-ZZZZ4", { source: "relative-source-c-1" }, tight)).status).toBe(429);
      expect((await open(letter.code, { source: "relative-source-d-1" }, tight)).status).toBe(200);
      // Relatives' misses spent none of the share codes' budget: a share's miss is still a plain 404.
      const share = await fetch(`${tight.url}/shared/open`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: "ZZZZZ-ZZZZ5", dateOfBirth: "1980-01-31", source: "share-source-e-1" }),
      });
      expect(share.status).toBe(404);
    } finally {
      await tight.close();
    }
  });
});
