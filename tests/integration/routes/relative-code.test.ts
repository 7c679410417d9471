import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResultsService, type RunningResultsService } from "../../../platform/results/service.ts";
import { startTestIdentityKeys, type TestIdentityKeys } from "../../platform/results/support/test-identity-keys.ts";
import { freshDatabaseUrl } from "../../support/database";
import { callRoute } from "../../support/route-call";
import { PORTAL, portalAgainstFakeProvider } from "./support/portal-under-test";

/**
 * The relatives' page against the results service itself, its clock moved past a letter's 90 days
 * (never slept through): an expired code and an ended one each get their own translated refusal, a
 * 4xx, and the code typed stays in the form.
 */
portalAgainstFakeProvider();

type DemoFile = { participants: Array<Record<string, unknown> & { userId: string; apps: Array<Record<string, unknown>> }> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as DemoFile;
const fatima = demo.participants.find((p) => p.email === "fatima@example.test")!;
const USER = "R1";

let keys: TestIdentityKeys;
let service: RunningResultsService;
let workDir: string;
let clockOffsetSeconds = 0;

beforeAll(async () => {
  keys = await startTestIdentityKeys();
  workDir = await mkdtemp(path.join(tmpdir(), "relative-code-test-"));
  const demoFile = path.join(workDir, "people.json");
  const person = {
    ...fatima,
    userId: USER,
    email: "r1@example.test",
    apps: fatima.apps.map((app) => ({ ...app, appID: `${app.appID}-${USER}` })),
  };
  await writeFile(demoFile, JSON.stringify({ participants: [person] }));
  service = await startResultsService({
    port: 0,
    host: "127.0.0.1",
    issuer: keys.issuer,
    audience: keys.audience,
    dataDir: path.join(workDir, "data"),
    databaseUrl: await freshDatabaseUrl("results_relative_code"),
    demoParticipantsFile: demoFile,
    environment: "development",
    logLevel: "silent",
    nowSeconds: () => Math.floor(Date.now() / 1000) + clockOffsetSeconds,
    shareSettings: {
      answerFloorMs: 0,
      missBudget: { max: 1000, windowSeconds: 3600 },
      sourceMissBudget: { max: 1000, windowSeconds: 900 },
    },
  });
  // The portal's modules are imported after this: they read the results service's address once.
  process.env.RESULTS_API_URL = service.url;
});

afterAll(async () => {
  await service?.close();
  await keys?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function letterCode(): Promise<{ id: string; code: string }> {
  const response = await fetch(`${service.url}/family-letters/${USER}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await keys.accessTokenFor(USER)}`, "content-type": "application/json" },
    body: JSON.stringify({ appId: `app-1044-fh-health-${USER}` }),
  });
  return ((await response.json()) as { letter: { id: string; code: string } }).letter;
}

async function typed(code: string, language: "en" | "es") {
  const { action } = await import("~/routes/family");
  const request = new Request(`${PORTAL}/family?lang=${language}`, {
    method: "POST",
    headers: { Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code }),
  });
  const response = await callRoute(action as never, request);
  const body = (await response.json()) as {
    refusal?: { key: string };
    letter?: { title: string };
    result?: { initialValue?: { code?: string } };
  };
  return { status: response.status, body };
}

describe("the relatives' page: expired and ended codes", () => {
  it("answers an expired code with its own refusal (410), keeping what was typed", async () => {
    const { code } = await letterCode();
    const opened = await typed(code, "es");
    expect(opened.status).toBe(200);
    expect(opened.body.letter?.title).toMatch(/hipercolesterolemia familiar/);

    clockOffsetSeconds = 91 * 86_400;
    try {
      const expired = await typed(code.toLowerCase(), "en");
      expect(expired.status).toBe(410);
      expect(expired.body.refusal).toEqual({ key: "expired" });
      expect(expired.body.letter).toBeUndefined();
      expect(expired.body.result?.initialValue?.code).toBe(code.toLowerCase());
    } finally {
      clockOffsetSeconds = 0;
    }
  });

  it("answers an ended code with another refusal, and both are worded in each language", async () => {
    const letter = await letterCode();
    await fetch(`${service.url}/family-letters/${USER}/${letter.id}/end`, {
      method: "POST",
      headers: { authorization: `Bearer ${await keys.accessTokenFor(USER)}` },
    });
    const ended = await typed(letter.code, "es");
    expect(ended.status).toBe(410);
    expect(ended.body.refusal).toEqual({ key: "ended" });
    expect(ended.body.result?.initialValue?.code).toBe(letter.code);

    const { resources } = await import("~/locales/resources.server");
    for (const language of ["en", "es"] as const) {
      const errors = resources[language].family.relative.errors;
      expect(errors.expired).not.toBe(errors.ended);
      expect(errors.expired).toMatch(/90/);
    }
  });
});
