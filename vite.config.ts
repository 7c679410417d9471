import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

/** The portal's build and development server: React Router's framework plugin and vanilla-extract's styles. */
export default defineConfig({
  plugins: [reactRouter(), vanillaExtractPlugin()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The font's files are imported by URL; bundling the package lets the server build resolve them.
  ssr: { noExternal: [/^@fontsource-variable\//] },
  build: { assetsInlineLimit: 0 },
});
