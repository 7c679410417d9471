import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../../lib/postgres/pglite-open.ts";
import { databaseWork } from "../../support/database-work.ts";

const workDir = await mkdtemp(path.join(tmpdir(), "pglite-cache-"));
const cacheDir = path.join(workDir, "cache");
const work = databaseWork(workDir);
const open = (name: string) => work.track(openPglite(path.join(workDir, name), cacheDir));

/**
 * Three databases and one cluster created (initdb): 4 s on a quiet machine, over 30 s on a busy one.
 * The test gets room; should it still time out, the clean-up waits for its opens before removing.
 */
const ROOM_MS = 180_000;

afterAll(() => work.removeAll(), ROOM_MS);

describe("new embedded databases from a cached fresh cluster", () => {
  it(
    "creates the cluster once, and each database is a copy of its own: one's tables are not the other's",
    async () => {
      const [first, second] = await Promise.all([open("first"), open("second")]);
      try {
        await first.exec("CREATE TABLE only_in_first (id int); INSERT INTO only_in_first VALUES (1)");
        const seen = await second.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_first'");
        expect(seen.rows).toEqual([{ n: 0 }]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
      // One cluster, whichever of the two racing creators won; no half-built one left behind.
      expect((await readdir(cacheDir)).filter((name) => name.startsWith("pglite-"))).toHaveLength(1);
      expect((await readdir(cacheDir)).filter((name) => name.startsWith("building-"))).toEqual([]);

      const reopened = await open("first");
      try {
        expect((await reopened.query("SELECT id FROM only_in_first")).rows).toEqual([{ id: 1 }]);
      } finally {
        await reopened.close();
      }
    },
    ROOM_MS,
  );
});
