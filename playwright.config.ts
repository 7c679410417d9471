import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { portalUrl, portBase, twilioTestAccount, twilioUrl } from "./tests/e2e/support/stack";
import { generousSendingBudgets } from "./tests/support/sending-budgets";

/**
 * Debian's Chromium: its headless shell when installed (`chromium-headless-shell`, the same engine
 * without the desktop browser around it; the suite takes about a third less CPU), else the browser.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: chromiumPath,
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
  globalSetup: "./tests/e2e/support/global-setup.ts",
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
  webServer: [
    {
      // The text provider's API, answered on this machine (tests/support/twilio-api.ts): texts and calls go through the SDK to it.
      command: "node node_modules/tsx/dist/cli.mjs tests/support/twilio-api-main.ts",
      url: `${twilioUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        TWILIO_TEST_PORT: String(portBase + 9),
        TWILIO_ACCOUNT_SID: twilioTestAccount.accountSid,
        TWILIO_AUTH_TOKEN: twilioTestAccount.authToken,
      },
    },
    {
      command: "node node_modules/tsx/dist/cli.mjs scripts/start.ts",
      // The portal ready; the global setup then waits for the identity provider and results service it reports.
      url: `${portalUrl}/readyz`,
      // Always a stack of its own with fresh demo data: a developer's running stack has other data.
      // Taken ports stop the run at once with the launcher's one-line reason.
      reuseExistingServer: false,
      // Stopped as an operator stops it, so every service closes its database.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        DATA_DIR: `.data/e2e-${portBase}`,
        FRESH_DATA: "1",
        // A fresh database is a copy of a cluster created once (lib/postgres/pglite-open.ts).
        PGLITE_CLUSTER_CACHE: new URL("./node_modules/.cache/pglite-clusters", import.meta.url).pathname,
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        CODE_RESEND_LOCK_SECONDS: "6",
        // The security check's stated wait without JavaScript (SPEC: 15 s), so no test waits 15 s for it.
        HUMAN_CHECK_WAIT_SECONDS: "2",
        ...generousSendingBudgets,
        // Faults here are injected per participant while other tests run beside them; a process-wide
        // breaker would carry one test's failures into another's pages. The breaker has its own suite.
        RESULTS_BREAKER_FAILURES: "1000000",
        // Every test's browser is one address: kit barcodes are budgeted per participant here, not per source.
        RESULTS_KIT_SOURCE_MISS_BUDGET: "1000",
        PORT: String(portBase),
        IDENTITY_PORT: String(portBase + 1),
        RESULTS_PORT: String(portBase + 2),
        // Texts and calls leave through Twilio's SDK to the local API above; every message is still in the outbox.
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: twilioTestAccount.accountSid,
        TWILIO_AUTH_TOKEN: twilioTestAccount.authToken,
        TWILIO_FROM_NUMBER: twilioTestAccount.fromNumber,
        TWILIO_VOICE_FROM_NUMBER: twilioTestAccount.fromNumber,
        TWILIO_API_URL: twilioUrl,
      },
    },
  ],
});
