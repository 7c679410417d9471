/**
 * Starts the whole stack: the embedded identity and results services (unless IDP_ISSUER /
 * RESULTS_API_URL point at real ones), then the portal; waits for each health check, prints the
 * URLs and demo accounts, and stops everything on Ctrl-C or when any of them dies.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataRoot = path.resolve(root, process.env.DATA_DIR ?? ".data");
if (process.env.FRESH_DATA === "1") rmSync(dataRoot, { recursive: true, force: true });

const portalPort = Number(process.env.PORT ?? 3000);
const identityPort = Number(process.env.IDENTITY_PORT ?? 3001);
const resultsPort = Number(process.env.RESULTS_PORT ?? 3002);
const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${portalPort}`;
const embeddedIdentity = !process.env.IDP_ISSUER;
const embeddedResults = !process.env.RESULTS_API_URL;
const idpIssuer = process.env.IDP_ISSUER ?? `http://localhost:${identityPort}`;
const resultsUrl = process.env.RESULTS_API_URL ?? `http://localhost:${resultsPort}`;
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

const shared = {
  ...process.env,
  PORTAL_URL: portalUrl,
  IDP_ISSUER: idpIssuer,
  RESULTS_API_URL: resultsUrl,
  RESULTS_API_AUDIENCE: process.env.RESULTS_API_AUDIENCE ?? resultsUrl,
  IDENTITY_ISSUER: idpIssuer,
  IDENTITY_PORT: String(identityPort),
  RESULTS_PORT: String(resultsPort),
  RESULTS_PUBLIC_URL: resultsUrl,
};

const children: { name: string; process: ChildProcess }[] = [];
let stopping = false;

function launch(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  children.push({ name, process: child });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    void stopAll(1);
  });
  return child;
}

async function waitForHealth(name: string, baseUrl: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const response = await fetch(new URL("/healthz", baseUrl), { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} did not become healthy at ${baseUrl} within ${timeoutMs / 1000} s`);
}

async function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.process.exitCode === null && child.process.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          const force = setTimeout(() => child.process.kill("SIGKILL"), 10_000);
          child.process.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          child.process.kill("SIGTERM");
        }),
    ),
  );
  process.exit(exitCode);
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

async function main() {
  if (!existsSync(path.join(root, "build/index.js"))) {
    throw new Error("The portal is not built yet: run `npm run build` first.");
  }
  const services: Promise<void>[] = [];
  if (embeddedIdentity) {
    launch("identity", process.execPath, [tsx, "platform/identity/main.ts"], {
      ...shared,
      IDENTITY_DATA_DIR: process.env.IDENTITY_DATA_DIR ?? path.join(dataRoot, "identity"),
    });
    services.push(waitForHealth("identity", idpIssuer));
  }
  if (embeddedResults) {
    launch("results", process.execPath, [tsx, "platform/results/main.ts"], {
      ...shared,
      RESULTS_DATA_DIR: process.env.RESULTS_DATA_DIR ?? path.join(dataRoot, "results"),
    });
    services.push(waitForHealth("results", resultsUrl));
  }
  await Promise.all(services);

  launch("portal", process.execPath, [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    ...shared,
    NODE_ENV: "production",
    PORT: String(portalPort),
    HOST: process.env.HOST ?? "127.0.0.1",
    PORTAL_DATA_DIR: process.env.PORTAL_DATA_DIR ?? path.join(dataRoot, "portal"),
  });
  await waitForHealth("portal", `http://127.0.0.1:${portalPort}`);

  console.log(`\nPortal:            ${portalUrl}`);
  console.log(`Identity provider: ${idpIssuer}${embeddedIdentity ? " (embedded)" : ""}`);
  console.log(`Results service:   ${resultsUrl}${embeddedResults ? " (embedded)" : ""}`);
  if (embeddedIdentity) console.log(`Code outbox:       ${idpIssuer}/dev/outbox/view`);
  const demoFile = path.join(root, "platform/demo/participants.json");
  if (embeddedIdentity && existsSync(demoFile)) {
    const { participants } = JSON.parse(readFileSync(demoFile, "utf8")) as {
      participants: { email: string; password: string; description?: string }[];
    };
    console.log("\nDemo participants (e-mail / password):");
    for (const participant of participants) {
      console.log(`  ${participant.email.padEnd(34)} ${participant.password.padEnd(24)} ${participant.description ?? ""}`);
    }
  }
  console.log("\nPress Ctrl-C to stop.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
