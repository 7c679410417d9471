// One lint configuration for the portal, the embedded services, scripts and tests.
// Formatting is Prettier's job (eslint-config-prettier turns the overlapping rules off).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      ".cache/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      // Resolves TypeScript files and the portal's `~/` alias (tsconfig.json's paths) as well as packages,
      // so the rules below see where an import really goes.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".mjs", ".cjs", ".js", ".json", ".node"],
          alias: { "~": [`${root}/app`] },
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
      // The layers: the portal (app/) and the embedded services (platform/) share code only through lib/.
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            { target: "./app", from: "./platform", message: "app/ never imports platform/: share it through lib/." },
            { target: "./platform", from: "./app", message: "platform/ never imports app/: share it through lib/." },
            {
              target: "./lib",
              from: ["./app", "./platform", "./server"],
              message: "lib/ is shared by every side and imports none of them.",
            },
          ],
        },
      ],
    },
  },
  {
    // The portal, the identity provider's hosted pages and the design they share: one accessibility lint.
    files: ["app/**/*.tsx", "platform/**/*.tsx", "lib/**/*.tsx", "tests/components/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, "react-hooks": reactHooks },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  {
    // A promise that is neither awaited nor handled loses its error (and, in a request, its ordering).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "platform/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "scripts/**/*.ts", "tests/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // Server code calls other services through serviceFetch, which refuses to run inside a database transaction.
    files: ["app/**/*.server.ts", "platform/**/*.ts", "server/**/*.ts", "lib/**/*.ts"],
    ignores: ["lib/http/service-fetch.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "fetch",
          message: "Call another service with serviceFetch (lib/http/service-fetch.ts): never inside a database transaction.",
        },
      ],
    },
  },
  {
    // Command-line programs and test support print to the terminal on purpose.
    files: ["scripts/**", "tests/**", "platform/**/main.ts", "platform/**/cli.ts", "bench/**"],
    rules: { "no-console": "off" },
  },
  prettier,
);
