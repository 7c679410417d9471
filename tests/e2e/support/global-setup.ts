import { claimRunTempDir } from "../../support/run-temp-dir";

/** The browsers' temporary files go to a directory of the run's own, removed when it ends. */
export default function globalSetup() {
  return claimRunTempDir();
}
