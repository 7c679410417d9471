import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const appModules = /[\\/]app[\\/](?!routes[\\/])/;

/**
 * The browser's files come in few chunks (docs/performance.md, "Kept tuning"): React and
 * React Router as one, and the app's modules that two or more routes share as one, whose styles
 * become one stylesheet. Left to itself the bundler made a chunk and a stylesheet of nearly every
 * shared component: 38 scripts and 15 render-blocking stylesheets on the dashboard. Each further
 * stylesheet costs a phone on a slow network a connection before the first paint: with modules
 * shared by four routes or more, the dashboard had four and its LCP was 1.21 s instead of 1.06 s.
 */
const browserChunks = {
  groups: [
    { name: "framework", test: framework, priority: 2 },
    { name: "shell", test: appModules, priority: 1, minShareCount: 2 },
  ],
};

/**
 * V8's compile hint (Chrome 136 and later; other browsers read a comment): every function of the
 * file is compiled as it streams in, on a background thread. Hydration calls much of React and React
 * Router; compiled lazily, they were compiled on the main thread inside hydration's tasks (5 of a
 * 13 ms task in a Lighthouse trace). With the hint, the main thread's compiling after the first
 * paint went from 37–59 to 10–23 ms in 12 Lighthouse runs each (docs/performance.md).
 */
const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The portal's build and development server: React Router's framework plugin and vanilla-extract's styles. */
export default defineConfig({
  plugins: [reactRouter(), vanillaExtractPlugin()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The font's files are imported by URL; bundling the package lets the server build resolve them.
  ssr: { noExternal: [/^@fontsource-variable\//] },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: browserChunks,
            postBanner: (chunk) => (chunk.name === "framework" ? EAGER_COMPILE_HINT : ""),
          },
        },
      },
    },
    // The server keeps its bundle's source in memory for as long as it runs: without comments, and
    // ASCII only, which V8 holds one byte per character (with a single '…' it holds two).
    ssr: { build: { rolldownOptions: { output: { charset: "ascii", comments: false } } } },
  },
});
