import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * The test file's own embedded portal database, in a fresh directory, with `settings` in the
 * environment before any service loads (register it before the file's own `beforeAll`), closed
 * after the file's tests.
 */
export function useEmbeddedPortalDatabase(name: string, settings: Record<string, string> = {}): void {
  beforeAll(async () => {
    Object.assign(process.env, {
      ...settings,
      PORTAL_DATA_DIR: join(await mkdtemp(join(tmpdir(), `portal-${name}-`)), "db"),
      LOG_LEVEL: "silent",
    });
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    const { closeDatabase } = await import("~/services/db.server");
    await closeDatabase();
  });
}
