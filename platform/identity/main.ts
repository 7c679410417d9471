import { loadConfigFromEnv } from "./config.ts";
import { startIdentityService } from "./service.ts";

const config = loadConfigFromEnv();
const service = await startIdentityService(config);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
