import { mkdtemp, mkdir, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseWork } from "../../support/database-work";

/** A database whose open is still writing its files when the test that asked for it has timed out. */
function slowOpen(directory: string, afterMs: number) {
  let closes = 0;
  const opening = new Promise<{ close(): Promise<void> }>((resolve) =>
    setTimeout(async () => {
      await mkdir(path.join(directory, "base"), { recursive: true });
      await writeFile(path.join(directory, "base", "1"), "page");
      resolve({ close: async () => void closes++ });
    }, afterMs),
  );
  return { opening, closes: () => closes };
}

describe("the clean-up of a test's embedded databases", () => {
  it("after a timeout: waits for the opens still running, closes what they opened, then removes the directory", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "database-work-"));
    const work = databaseWork(directory);
    const slow = slowOpen(path.join(directory, "first"), 100);
    // The test timed out before its open finished: nothing awaited it.
    void work.track(slow.opening);
    await work.removeAll();
    expect(slow.closes()).toBe(1);
    expect(await readdir(path.dirname(directory))).not.toContain(path.basename(directory));
  });

  it("does not close again a database the test closed itself", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "database-work-"));
    const work = databaseWork(directory);
    const slow = slowOpen(path.join(directory, "first"), 0);
    const database = await work.track(slow.opening);
    await database.close();
    await work.removeAll();
    expect(slow.closes()).toBe(1);
  });
});
