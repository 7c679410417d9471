import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processArgs } from "../../../lib/launcher/process-command.ts";
import { openDatabase } from "../../../lib/postgres/index.ts";
import { ensurePortalBuilt, freePort, projectRoot } from "../../support/stack.ts";

/**
 * The launcher started as an operator would in production, with secrets of their own: every
 * development door is absent on all three ports, and every published development secret is refused
 * by the process it belongs to.
 */
const tsx = path.join(projectRoot, "node_modules/tsx/dist/cli.mjs");
const clientSecret = randomBytes(32).toString("base64url");
const realSecrets = {
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  IDP_CLIENT_SECRET: clientSecret,
  PORTAL_CLIENT_SECRET: clientSecret,
  IDENTITY_COOKIE_KEYS: randomBytes(24).toString("base64"),
  IDENTITY_FACTOR_KEY: randomBytes(16).toString("hex"),
  RESULTS_DOCUMENT_SECRET: randomBytes(32).toString("base64url"),
};
/** Each process as the launcher starts it in production: its built file (the suite builds first). */
const serviceArgs: Record<string, string[]> = {
  "platform/identity/main.ts": processArgs("identity", projectRoot, { from: "built" }),
  "platform/results/main.ts": processArgs("results", projectRoot, { from: "built" }),
  "server/index.ts": processArgs("portal", projectRoot, { from: "built" }),
};
let launcher: ChildProcess;
let launcherOutput = "";
let dataDir: string;
const ports = { portal: 0, identity: 0, results: 0 };
const url = (port: number, pathname: string) => `http://127.0.0.1:${port}${pathname}`;

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn" };
  for (const name of ["NODE_ENV", "DATABASE_URL", "IDP_ISSUER", "RESULTS_API_URL", "PORTAL_ENVIRONMENT"]) delete env[name];
  return env;
}

async function healthy(target: string, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const ok = await fetch(target, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${target} did not become healthy`);
    // Polling a process that is starting (not a test sleep).
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs one process to its exit; returns its exit code and what it wrote to stderr and stdout. */
function runToExit(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

beforeAll(async () => {
  ensurePortalBuilt();
  ports.portal = await freePort();
  ports.identity = await freePort();
  ports.results = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "production-mode-"));
  launcher = spawn(process.execPath, [tsx, "scripts/start.ts"], {
    cwd: projectRoot,
    env: {
      ...baseEnv(),
      ...realSecrets,
      PORTAL_ENVIRONMENT: "production",
      // The results service is a reference implementation: production runs it only when told to.
      ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true",
      MAIL_TRANSPORT: "outbox-only",
      SMS_TRANSPORT: "outbox-only",
      DATA_DIR: dataDir,
      PORT: String(ports.portal),
      IDENTITY_PORT: String(ports.identity),
      RESULTS_PORT: String(ports.results),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  launcher.stdout!.on("data", (chunk: Buffer) => (launcherOutput += chunk.toString()));
  launcher.stderr!.on("data", (chunk: Buffer) => (launcherOutput += chunk.toString()));
  // Ready: the portal, the identity provider and the results service all answer (the launcher starts them at once;
  // the portal's /readyz does not wait for the other two).
  await Promise.all([ports.portal, ports.identity, ports.results].map((port) => healthy(url(port, "/readyz"), 90_000)));
}, 120_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    const exited = new Promise((resolve) => launcher.once("exit", resolve));
    launcher.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("production mode closes every development door", () => {
  it.each([
    ["identity", "GET", "/dev/outbox"],
    ["identity", "GET", "/dev/outbox/view"],
    ["identity", "POST", "/dev/results-link"],
    ["identity", "POST", "/dev/participants"],
    ["results", "GET", "/dev/faults"],
    ["results", "POST", "/dev/faults"],
    ["results", "POST", "/dev/participants"],
    ["results", "POST", "/dev/kits/P1001/step"],
    ["results", "POST", "/dev/reports/P1001/app-1001-health/reissue"],
    ["portal", "GET", "/dev/outbox"],
  ] as const)("%s %s %s is absent (404)", async (service, method, pathname) => {
    const response = await fetch(url(ports[service], pathname), {
      method,
      headers: method === "POST" ? { "content-type": "application/json" } : {},
      body: method === "POST" ? JSON.stringify({ email: "ada@example.test" }) : undefined,
    });
    expect(response.status).toBe(404);
  });
});

describe("published development secrets are refused at start-up", () => {
  const production = () => ({
    ...baseEnv(),
    ...realSecrets,
    PORTAL_ENVIRONMENT: "production",
    ALLOW_REFERENCE_RESULTS_IN_PRODUCTION: "true",
    MAIL_TRANSPORT: "outbox-only",
    SMS_TRANSPORT: "outbox-only",
  });

  // Each refusal is a process of its own that exits at start-up: they run side by side.
  it.concurrent.each([
    ["the identity provider's client secret", "platform/identity/main.ts", { PORTAL_CLIENT_SECRET: "dev-portal-secret-change-me" }],
    ["the identity provider's cookie key", "platform/identity/main.ts", { IDENTITY_COOKIE_KEYS: "dev-identity-cookie-key-1-change-me" }],
    [
      "the identity provider's key for authenticator-app secrets",
      "platform/identity/main.ts",
      { IDENTITY_FACTOR_KEY: "dev-identity-factor-key-change-me-32-bytes-at-least" },
    ],
  ])("%s", async (_label, main, overrides) => {
    const { code, output } = await runToExit(serviceArgs[main]!, { ...production(), ...overrides, IDENTITY_PORT: "0" });
    expect(code).not.toBe(0);
    expect(output).toContain("published development value");
  });

  it.concurrent.each([
    ["the portal's session secret", { SESSION_SECRET: "development-only-session-secret-change-me" }],
    ["the portal's client secret", { IDP_CLIENT_SECRET: "dev-portal-secret-change-me" }],
  ])("%s", async (_label, overrides) => {
    const { code, output } = await runToExit(serviceArgs["server/index.ts"]!, {
      ...production(),
      ...overrides,
      NODE_ENV: "production",
      PORT: "0",
    });
    expect(code).not.toBe(0);
    expect(output).toContain("published development value");
  });

  const weak = {
    short: "Zq7-short",
    repeated: "x".repeat(48),
    words: "an-operator-session-secret-0123456789abcdef",
  };

  it.concurrent.each([
    ["the identity provider's cookie key", "platform/identity/main.ts", "IDENTITY_PORT", "IDENTITY_COOKIE_KEYS", weak.short],
    [
      "a second cookie key",
      "platform/identity/main.ts",
      "IDENTITY_PORT",
      "IDENTITY_COOKIE_KEYS",
      `${realSecrets.IDENTITY_COOKIE_KEYS},${weak.words}`,
    ],
    ["the identity provider's factor key", "platform/identity/main.ts", "IDENTITY_PORT", "IDENTITY_FACTOR_KEY", weak.repeated],
    ["the identity provider's client secret", "platform/identity/main.ts", "IDENTITY_PORT", "PORTAL_CLIENT_SECRET", weak.words],
    ["the results service's document key", "platform/results/main.ts", "RESULTS_PORT", "RESULTS_DOCUMENT_SECRET", weak.repeated],
    ["the portal's session secret", "server/index.ts", "PORT", "SESSION_SECRET", weak.repeated],
    ["the portal's client secret", "server/index.ts", "PORT", "IDP_CLIENT_SECRET", weak.short],
  ])("a weak secret is refused: %s", async (_label, main, portVariable, variable, value) => {
    const { code, output } = await runToExit(serviceArgs[main]!, {
      ...production(),
      [variable]: value,
      NODE_ENV: "production",
      [portVariable]: "0",
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(
      new RegExp(`${variable}( \\(key 2 of 2\\))? (is shorter than 32 characters|repeats one character|does not look random)`),
    );
    expect(output).not.toContain(value);
  });

  it.concurrent("the identity provider does not start in production when e-mails would go nowhere", async () => {
    const { MAIL_TRANSPORT: _outboxOnly, ...withoutMail } = production();
    const { code, output } = await runToExit(serviceArgs["platform/identity/main.ts"]!, { ...withoutMail, IDENTITY_PORT: "0" });
    expect(code).not.toBe(0);
    expect(output).toContain("e-mail is not configured: set SMTP_URL");
    expect(output).toContain("MAIL_TRANSPORT=outbox-only");
  });

  it.concurrent(
    "the identity provider does not start in production when texts and calls would go nowhere, nor with a weak Twilio token",
    async () => {
      const { SMS_TRANSPORT: _outboxOnly, ...withoutTexts } = production();
      const missing = await runToExit(serviceArgs["platform/identity/main.ts"]!, { ...withoutTexts, IDENTITY_PORT: "0" });
      expect(missing.code).not.toBe(0);
      expect(missing.output).toContain("texts and calls are not configured: set SMS_TRANSPORT=twilio");
      expect(missing.output).toContain("SMS_TRANSPORT=outbox-only");
      const weak = await runToExit(serviceArgs["platform/identity/main.ts"]!, {
        ...withoutTexts,
        IDENTITY_PORT: "0",
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
        TWILIO_AUTH_TOKEN: "twilio-auth-token-twilio-auth-token",
        TWILIO_FROM_NUMBER: "+15017122661",
      });
      expect(weak.code).not.toBe(0);
      expect(weak.output).toMatch(/TWILIO_AUTH_TOKEN (repeats one character|does not look random)/);
      expect(weak.output).not.toContain("twilio-auth-token-twilio-auth-token");
    },
  );

  it.concurrent("the reference results service does not start in production unless told to", async () => {
    const { code, output } = await runToExit(serviceArgs["platform/results/main.ts"]!, {
      ...baseEnv(),
      PORTAL_ENVIRONMENT: "production",
      RESULTS_PORT: "0",
    });
    expect(code).not.toBe(0);
    expect(output).toContain("ALLOW_REFERENCE_RESULTS_IN_PRODUCTION=true");
  });
});

// Last: it stops the launched stack to read the embedded database it leaves behind.
describe("production seeds no demo participants (their passwords, keys and codes are published)", () => {
  it("neither embedded service holds a demo participant, and the launcher lists none", async () => {
    await expect.poll(() => launcherOutput, { timeout: 10_000 }).toContain("Press Ctrl-C to stop.");
    expect(launcherOutput).not.toContain("Demo participants");
    expect(launcherOutput).not.toContain("ada@example.test");
    expect(launcherOutput).not.toContain("Sequence-Ada-2026");
    expect(launcherOutput).not.toContain("Code outbox");

    const exited = new Promise((resolve) => launcher.once("exit", resolve));
    launcher.kill("SIGTERM");
    await exited;
    // Each embedded service keeps its own database.
    const identity = await openDatabase({ dataDir: path.join(dataDir, "identity") });
    const results = await openDatabase({ dataDir: path.join(dataDir, "results") });
    try {
      expect(await identity.query("SELECT email FROM idp_accounts")).toEqual([]);
      expect(await results.query("SELECT user_id FROM results_patients")).toEqual([]);
    } finally {
      await identity.close();
      await results.close();
    }
  });
});
