import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unusablePortReason } from "../../../lib/launcher/ports.ts";
import { developmentEnv } from "../../support/launched-stack.ts";
import { ensurePortalBuilt, freePort, projectRoot } from "../../support/stack.ts";

/** `npm start` with ports it cannot use: it says why in one line and stops at once, starting nothing. */
function launchWith(ports: { portal: number; identity: number; results: number }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const launcher = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot, "scripts/start.ts")], {
      cwd: projectRoot,
      env: {
        ...developmentEnv("warn"),
        PORT: String(ports.portal),
        IDENTITY_PORT: String(ports.identity),
        RESULTS_PORT: String(ports.results),
        DATA_DIR: `.data/launcher-ports-${ports.portal}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    launcher.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    launcher.on("exit", (code) => resolve({ code, output }));
  });
}

const occupied: Server[] = [];

afterAll(async () => {
  for (const server of occupied) await new Promise((resolve) => server.close(resolve));
});

describe("the launcher's ports", () => {
  it("refuses a port browsers refuse, before starting anything", async () => {
    ensurePortalBuilt();
    const { code, output } = await launchWith({ portal: 6000, identity: await freePort(), results: await freePort() });
    expect(code).toBe(1);
    expect(output).toContain("PORT=6000: browsers and Node's fetch refuse to connect to port 6000");
    expect(output).not.toContain("did not become healthy");
  });

  it("names the service whose port is taken and the setting that moves it", async () => {
    ensurePortalBuilt();
    const identityPort = await freePort();
    const server = createServer();
    occupied.push(server);
    await new Promise<void>((resolve) => server.listen(identityPort, "127.0.0.1", resolve));
    const { code, output } = await launchWith({ portal: await freePort(), identity: identityPort, results: await freePort() });
    expect(code).toBe(1);
    expect(output).toContain(`Port ${identityPort} (identity provider) is already in use`);
    expect(output).toContain("IDENTITY_PORT");
  });

  it("accepts ordinary ports and refuses numbers that are not ports", () => {
    expect(unusablePortReason({ name: "portal", setting: "PORT", port: 3000 })).toBeNull();
    expect(unusablePortReason({ name: "portal", setting: "PORT", port: 70000 })).toContain("not a port number");
    expect(unusablePortReason({ name: "portal", setting: "PORT", port: Number("abc") })).toContain("not a port number");
  });
});
