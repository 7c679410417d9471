import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processArgs } from "../../../lib/launcher/process-command.ts";
import { freePort, projectRoot } from "../../support/stack.ts";
import { startServiceProcess, type ServiceProcess } from "./support/sigterm-under-load";

/**
 * `npm run dev`: the portal's own server file with Vite in middleware mode, started as the launcher
 * starts it. A route added and then edited while it runs is served as written, with no restart (the
 * same process answers throughout).
 */

const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
const workDir = mkdtempSync(path.join(tmpdir(), "dev-loop-"));
const routeFile = path.resolve("app/routes/dev-loop-probe.tsx");
let portal: ServiceProcess | undefined;

const probeRoute = (words: string) => `export default function DevLoopProbe() {\n  return <p id="dev-loop-probe">${words}</p>;\n}\n`;

afterAll(async () => {
  rmSync(routeFile, { force: true });
  if (portal && portal.child.exitCode === null) {
    portal.child.kill("SIGTERM");
    await portal.exited;
  }
  rmSync(workDir, { recursive: true, force: true });
});

async function probeText(baseUrl: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/dev-loop-probe`);
  const html = await response.text();
  return /<p id="dev-loop-probe">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
}

describe("npm run dev", () => {
  it("serves an added route, then its edit, from the same process", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    portal = await startServiceProcess(
      processArgs("portal", projectRoot, { from: "source" }),
      {
        ...process.env,
        NODE_ENV: "development",
        PORTAL_VITE_DEV: "1",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        PORTAL_DATA_DIR: path.join(workDir, "portal"),
      },
      baseUrl,
    );
    writeFileSync(routeFile, probeRoute("First words"));
    await expect.poll(() => probeText(baseUrl), { timeout: 20_000 }).toBe("First words");
    writeFileSync(routeFile, probeRoute("Edited words"));
    await expect.poll(() => probeText(baseUrl), { timeout: 20_000 }).toBe("Edited words");
    expect(portal.child.exitCode).toBeNull();
  });

  it("is refused outside development", () => {
    const refused = spawnSync(process.execPath, [tsx, "server/index.ts"], {
      env: { ...process.env, PORTAL_VITE_DEV: "1", PORTAL_ENVIRONMENT: "production", PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("PORTAL_VITE_DEV=1 (npm run dev) runs only in development");
  });
});
