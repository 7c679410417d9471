import { IDENTITY_CLI_FILES, PROCESS_FILES } from "../lib/launcher/process-files.ts";
import { bundleProcessFile } from "../server/build-server-file.ts";

/** The identity and results services, and the identity service's operator commands, each bundled as the portal's server file is. */
export async function buildServiceFiles(projectRoot: string): Promise<void> {
  for (const files of [PROCESS_FILES.identity, PROCESS_FILES.results, IDENTITY_CLI_FILES]) await bundleProcessFile(projectRoot, files);
}
