import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** React Router's framework plugin and nothing else (the portal adds its styles' plugin). */
export default defineConfig({
  plugins: [reactRouter()],
});
