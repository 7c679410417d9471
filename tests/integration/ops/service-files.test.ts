import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROCESS_FILES } from "../../../lib/launcher/process-files.ts";
import { ensurePortalBuilt, freePort, projectRoot } from "../../support/stack.ts";

/**
 * The build gives each service one JavaScript file, as the portal's server file is: it runs on Node
 * with type stripping turned off and no loader, and still serves what it reads from the project at
 * run time (the hosted pages' stylesheet, scripts and fonts).
 */
const children: ChildProcess[] = [];
let dataDir: string;

beforeAll(() => {
  ensurePortalBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "service-files-"));
}, 180_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a built file with Node alone: no TypeScript of any kind can load in it. */
async function runBuilt(file: string, env: NodeJS.ProcessEnv, url: string): Promise<void> {
  const child = spawn(process.execPath, ["--no-experimental-strip-types", path.join(projectRoot, file)], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`${file} exited (${child.exitCode}): ${errors}`);
        return fetch(`${url}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe(200);
}

describe("the services' built files", () => {
  it("are JavaScript that imports no TypeScript and holds no loader", () => {
    for (const name of ["identity", "results"] as const) {
      const text = readFileSync(path.join(projectRoot, PROCESS_FILES[name].built), "utf8");
      expect(text).not.toMatch(/from "[^"]+\.tsx?"/);
      expect(text).not.toMatch(/import\("[^"]+\.tsx?"\)/);
      expect(text).not.toContain("tsx/esm");
    }
  });

  it("the identity service's file serves its discovery document and its hosted pages' files", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    await runBuilt(
      PROCESS_FILES.identity.built,
      { IDENTITY_PORT: String(port), IDENTITY_ISSUER: url, IDENTITY_DATA_DIR: path.join(dataDir, "identity") },
      url,
    );
    const discovery = (await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as { issuer: string; jwks_uri: string };
    expect(discovery.issuer).toBe(url);
    expect(((await (await fetch(discovery.jwks_uri)).json()) as { keys: unknown[] }).keys).toHaveLength(1);
    const css = await (await fetch(`${url}/assets/identity.css`)).text();
    const font = /\/assets\/inter-[a-z0-9-]+\.woff2/.exec(css)?.[0];
    expect(font).toBeDefined();
    for (const asset of ["/assets/human-check.js", "/assets/webauthn-browser.js", font!])
      expect((await fetch(`${url}${asset}`)).status).toBe(200);
  }, 90_000);

  it("the results service's file answers its API", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    await runBuilt(PROCESS_FILES.results.built, { RESULTS_PORT: String(port), RESULTS_DATA_DIR: path.join(dataDir, "results") }, url);
    const answer = await fetch(`${url}/results/P1001?sourceID=dna-discovery`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ message: "no access token present" });
  }, 90_000);
});
