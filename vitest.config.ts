import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";
import { EMBEDDED_DATABASE_FLAGS } from "./lib/launcher/memory-settings.ts";

const shared = {
  plugins: [vanillaExtractPlugin()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
};
const setupFiles = ["tests/support/vitest-setup.ts"];
/** The suites create hundreds of embedded databases: each starts as a copy of one fresh cluster (lib/postgres/pglite-open.ts). */
const env = { PGLITE_CLUSTER_CACHE: new URL("./node_modules/.cache/pglite-clusters", import.meta.url).pathname };
/** Suites that load a whole stack or measure a process: they run one at a time, after the rest. */
const underLoad = [
  "tests/integration/faults/kill-under-load.test.ts",
  "tests/integration/ops/graceful-restart.test.ts",
  "tests/platform/results/data-export-memory.test.ts",
];

/**
 * unit, components and integration run together, two files at once even on two cores (the integration
 * files mostly wait on HTTP between processes); vitest asks the projects of one group for one maxWorkers.
 */
const firstGroup = { maxWorkers: 2, sequence: { groupOrder: 1 } };

/** Suites of real services and databases in processes of their own. */
const processSuite = {
  environment: "node",
  setupFiles,
  env,
  pool: "forks",
  // Most files open embedded databases of their own: V8's baseline WebAssembly compiler opens one in
  // about 0.6 s less CPU than tiering up to optimised code these short runs never profit from.
  execArgv: EMBEDDED_DATABASE_FLAGS,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * unit: pure rules and services with no socket, process or database; one module cache for all files.
 * components: rendered in jsdom, each file isolated (the DOM is per file).
 * integration: real services, databases and HTTP between them.
 */
export default defineConfig({
  ...shared,
  test: {
    // One temporary directory per run, removed when it ends: the suites create hundreds of databases.
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles,
          env,
          pool: "threads",
          isolate: false,
          testTimeout: 10_000,
          ...firstGroup,
        },
      },
      {
        ...shared,
        test: {
          name: "components",
          include: ["tests/components/**/*.test.tsx"],
          environment: "node",
          setupFiles,
          env,
          pool: "forks",
          ...firstGroup,
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["tests/platform/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: underLoad,
          ...processSuite,
          ...firstGroup,
        },
      },
      {
        ...shared,
        test: {
          name: "under-load",
          include: underLoad,
          ...processSuite,
          // Each puts a whole stack under load or measures its memory: alone, after the others.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
