import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

const shared = {
  plugins: [vanillaExtractPlugin()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
};
const setupFiles = ["tests/support/vitest-setup.ts"];

/**
 * unit: pure rules and services with no socket, process or database; one module cache for all files.
 * components: rendered in jsdom, each file isolated (the DOM is per file).
 * integration: real services, databases and HTTP between them.
 */
export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles,
          pool: "threads",
          isolate: false,
          testTimeout: 10_000,
        },
      },
      {
        ...shared,
        test: { name: "components", include: ["tests/components/**/*.test.tsx"], environment: "node", setupFiles, pool: "forks" },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["tests/platform/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles,
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
