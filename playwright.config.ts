import { defineConfig, devices } from "@playwright/test";
import { generousSendingBudgets } from "./scripts/bench/generous-sending-budgets";

/** E2E_PORT_BASE moves the whole stack (portal, identity +1, results +2) so several runs can share a machine. */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3000);
const portalUrl = `http://localhost:${portBase}`;
const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL: portalUrl, trace: "off", ...chromium },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node node_modules/tsx/dist/cli.mjs scripts/start.ts",
    url: `${portalUrl}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: `.data/e2e-${portBase}`,
      FRESH_DATA: "1",
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      CODE_RESEND_LOCK_SECONDS: "10",
      ...generousSendingBudgets,
      // Faults here are injected per participant while other tests run beside them; a process-wide
      // breaker would carry one test's failures into another's pages. The breaker has its own suite.
      RESULTS_BREAKER_FAILURES: "1000000",
      PORT: String(portBase),
      IDENTITY_PORT: String(portBase + 1),
      RESULTS_PORT: String(portBase + 2),
    },
  },
});
