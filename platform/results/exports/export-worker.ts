import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as wait } from "node:timers/promises";
import type { Logger } from "pino";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { reportVersionsOf } from "../report-versions.ts";
import type { ResultsRepository } from "../repository.ts";
import { writeExportArchive } from "./export-archive.ts";
import type { ExportJobs, ExportLanguage } from "./export-jobs.ts";

interface ExportWorkerOptions {
  jobs: ExportJobs;
  repository: ResultsRepository;
  /** The results service's database: reissued reports' versions. */
  db: Queryable;
  directory: string;
  logger: Logger;
  now: () => Date;
  /** How often the table is looked at when nothing woke the worker (another instance's requests). */
  pollMs: number;
}

export const exportArchivePath = (directory: string, id: string) => path.join(directory, `${id}.zip`);

/** Builds requested archives (any instance's) one at a time, oldest first, into storage; removes the files of expired ones. */
export function startExportWorker(options: ExportWorkerOptions) {
  const { jobs, repository, directory, logger } = options;
  let stopped = false;
  /** Aborted by a wake: the wait for the next round ends at once, or is skipped if it has not begun. */
  let wakeUp = new AbortController();

  async function build(job: { id: string; userId: string; language: ExportLanguage }): Promise<void> {
    const patient = (await repository.findPatient(job.userId))!;
    const [apps, consents, reportVersions] = await Promise.all([
      repository.listApps(job.userId),
      repository.listConsents(job.userId),
      reportVersionsOf(options.db, job.userId),
    ]);
    const { bytes, files } = await writeExportArchive({ patient, apps, consents, reportVersions }, exportArchivePath(directory, job.id), {
      language: job.language,
      exportedAt: options.now(),
      onProgress: (done, total) => jobs.progress(job.id, done, total),
    });
    await jobs.finish(job.id, bytes);
    logger.info({ exportId: job.id, files: files.length + 1, bytes }, "data export ready");
  }

  /** Files no job keeps (a job expired while this service was down, a half-written archive). */
  async function removeStrayFiles(): Promise<void> {
    const kept = await jobs.idsWithFiles();
    for (const name of await readdir(directory)) {
      const id = name.replace(/\.zip(\.part)?$/, "");
      if (!kept.has(id)) await rm(path.join(directory, name), { force: true });
    }
  }

  const running = (async () => {
    await mkdir(directory, { recursive: true });
    await removeStrayFiles().catch((error: unknown) => logger.error({ err: error }, "could not tidy the data export storage"));
    while (!stopped) {
      try {
        for (const id of await jobs.expire()) await rm(exportArchivePath(directory, id), { force: true });
        for (let job = await jobs.claim(); job && !stopped; job = stopped ? undefined : await jobs.claim()) {
          try {
            await build(job);
          } catch (error) {
            logger.error({ err: error, exportId: job.id }, "data export failed");
            await jobs.failed(job.id);
          }
        }
      } catch (error) {
        logger.error({ err: error }, "data export worker could not read its jobs");
      }
      if (!stopped) await wait(options.pollMs, undefined, { signal: wakeUp.signal }).catch(() => undefined);
      wakeUp = new AbortController();
    }
  })();

  return {
    /** A request was just recorded: look at once instead of at the next poll. */
    wake: () => wakeUp.abort(),
    async stop() {
      stopped = true;
      wakeUp.abort();
      await running;
    },
  };
}

export type ExportWorker = ReturnType<typeof startExportWorker>;
