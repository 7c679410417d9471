import { claimRunDatabases, dropRunDatabases } from "./database";
import { claimRunTempDir } from "./run-temp-dir";

/** What one run creates outside the project: its temporary directory and its server databases. */
export default function setup() {
  const releaseTempDir = claimRunTempDir();
  claimRunDatabases();
  return async () => {
    releaseTempDir();
    await dropRunDatabases();
  };
}
