/**
 * server/serve.ts exactly as server/index.ts runs it, with a stand-in for the React Router build (a slow
 * path and a fast one) and an edge that says when it released its resources, so the tests can
 * watch the shutdown.
 */
import { pino } from "pino";
import { serverConfigFrom } from "../../../../server/config.ts";
import { servePortal } from "../../../../server/serve.ts";

servePortal({
  config: serverConfigFrom({ ...process.env, HOST: "127.0.0.1" }),
  logger: pino({ level: "warn" }),
  edge: {
    renderRefusalPage: async () => "refused",
    releaseResources: async () => {
      console.log("resources released");
    },
    startSessionSweep: () => () => {},
    startClientCredentialsCheck: () => () => {},
  },
  app: (req, res) => {
    if (req.url === "/slow") {
      setTimeout(() => res.end("slow done"), 1_500);
      return;
    }
    res.end("ok");
  },
});
