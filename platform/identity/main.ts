import { loadConfigFromEnv } from "./config.ts";
import { startIdentityService } from "./service.ts";

const config = loadConfigFromEnv();
const service = await startIdentityService(config);

// close() is idempotent: a second signal waits for the same shutdown.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
