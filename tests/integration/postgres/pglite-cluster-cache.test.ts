import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../../lib/postgres/pglite-open.ts";

const workDir = await mkdtemp(path.join(tmpdir(), "pglite-cache-"));
const cacheDir = path.join(workDir, "cache");

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe("new embedded databases from a cached fresh cluster", () => {
  it("creates the cluster once, and each database is a copy of its own: one's tables are not the other's", async () => {
    const [first, second] = await Promise.all([
      openPglite(path.join(workDir, "first"), cacheDir),
      openPglite(path.join(workDir, "second"), cacheDir),
    ]);
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

    const reopened = await openPglite(path.join(workDir, "first"), cacheDir);
    try {
      expect((await reopened.query("SELECT id FROM only_in_first")).rows).toEqual([{ id: 1 }]);
    } finally {
      await reopened.close();
    }
  });
});
