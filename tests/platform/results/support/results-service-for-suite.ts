import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startResultsService, type ResultsServiceOptions, type RunningResultsService } from "../../../../platform/results/service.ts";
import { freshDatabaseUrl } from "../../../support/database";
import { startTestIdentityKeys, type TestIdentityKeys } from "./test-identity-keys.ts";

type DemoParticipant = Record<string, unknown> & { userId: string; email: string; apps: Array<Record<string, unknown>> };
const demo = JSON.parse(await readFile(path.resolve("platform/demo/participants.json"), "utf8")) as { participants: DemoParticipant[] };

/** Ada (P1001) as the demo data holds her. */
export const demoAda = demo.participants.find((p) => p.userId === "P1001")!;

/** Ada's results without her demo downloads, under another id and app ids of its own; `extra` over them. */
export function participantLike(userId: string, extra: Record<string, unknown> = {}) {
  return {
    ...demoAda,
    dataExports: undefined,
    userId,
    email: `${userId.toLowerCase()}@example.test`,
    apps: demoAda.apps.map((app) => ({ ...app, appID: `${app.appID}-${userId}` })),
    ...extra,
  };
}

/** The results service the tests of one suite share. */
export interface SharedResultsService {
  /** The identity provider's keys the service trusts: tests sign their tokens with them. */
  readonly keys: TestIdentityKeys;
  readonly url: string;
  /** Where the service keeps its files. */
  readonly dataDir: string;
}

/**
 * One results service for all the tests of a suite: started on a fresh database before them, seeded
 * with `participants`, trusting keys of its own, with `settings` over the development defaults;
 * stopped and its files removed after them.
 */
export function resultsServiceForSuite(
  name: string,
  participants: readonly unknown[],
  settings: ResultsServiceOptions = {},
): SharedResultsService {
  let keys: TestIdentityKeys | undefined;
  let service: RunningResultsService | undefined;
  let workDir: string | undefined;
  beforeAll(async () => {
    keys = await startTestIdentityKeys();
    workDir = await mkdtemp(path.join(tmpdir(), `results-${name}-test-`));
    const demoFile = path.join(workDir, "participants.json");
    await writeFile(demoFile, JSON.stringify({ participants }));
    service = await startResultsService({
      port: 0,
      host: "127.0.0.1",
      issuer: keys.issuer,
      audience: keys.audience,
      dataDir: path.join(workDir, "data"),
      databaseUrl: await freshDatabaseUrl(`results_${name}`),
      demoParticipantsFile: demoFile,
      environment: "development",
      logLevel: "silent",
      ...settings,
    });
  });
  afterAll(async () => {
    await service?.close();
    await keys?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the results service starts before the suite's first test");
    return value;
  };
  return {
    get keys() {
      return started(keys);
    },
    get url() {
      return started(service).url;
    },
    get dataDir() {
      return path.join(started(workDir), "data");
    },
  };
}
