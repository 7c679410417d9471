/**
 * An HTTP server that stops exactly as remix-serve 2.17 does (`server.close()` on SIGTERM),
 * with the portal's installGracefulShutdown added, so the tests can watch what it changes.
 */
import { createServer } from "node:http";
import { installGracefulShutdown } from "~/services/readiness.server";

installGracefulShutdown({
  release: async () => {
    console.log("resources released");
  },
});

const server = createServer((req, res) => {
  if (req.url === "/slow") {
    setTimeout(() => res.end("slow done"), 1_500);
    return;
  }
  res.end("ok");
});
server.listen(Number(process.env.PORT), "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(console.error));
}
