import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimRunTempDir } from "../../support/run-temp-dir.ts";

describe("a test run's temporary directory", () => {
  const systemTmp = process.env.TMPDIR;
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "run-temp-dir-test-"));
    process.env.TMPDIR = root;
  });

  afterEach(() => {
    process.env.TMPDIR = systemTmp;
    rmSync(root, { recursive: true, force: true });
  });

  it("is where the run's temporary files go, and is gone with everything in it when the run ends", () => {
    const release = claimRunTempDir();
    const dir = process.env.TMPDIR!;
    expect(path.dirname(dir)).toBe(root);
    const child = spawnSync(process.execPath, ["-e", "console.log(require('node:os').tmpdir())"], { encoding: "utf8" });
    expect(child.stdout.trim()).toBe(dir);
    mkdirSync(path.join(dir, "an-embedded-database"));
    release();
    expect(existsSync(dir)).toBe(false);
    expect(process.env.TMPDIR).toBe(root);
  });

  it("removes what a killed run left, and never what a running one holds", () => {
    const finished = spawnSync(process.execPath, ["-e", "0"]);
    const killedRun = path.join(root, `portal-test-run-${finished.pid}-abc123`);
    const runningRun = path.join(root, `portal-test-run-${process.ppid}-def456`);
    mkdirSync(killedRun);
    mkdirSync(runningRun);
    const release = claimRunTempDir();
    expect(readdirSync(root).sort()).toEqual([path.basename(process.env.TMPDIR!), path.basename(runningRun)].sort());
    release();
  });
});
