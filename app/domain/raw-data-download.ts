import * as z from "zod";
import type { AuthMethod } from "./auth-code";

/**
 * Raw genetic data (the exome file, and the download of all one's data, which holds it) is released
 * only after a fresh second factor: the one verification flow, purpose `download`. What is released
 * then is a link that works once: the exome's from the results service, the archive's through the portal.
 */
export const DOWNLOAD_PATH = "/download";

export type DownloadTarget = { kind: "exome"; appId: string } | { kind: "archive"; exportId: string };

const TargetQuery = z.discriminatedUnion("file", [
  z.object({ file: z.literal("exome"), app: z.string().min(1).max(200) }),
  z.object({ file: z.literal("archive"), id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
]);

/** The file a download page is for, from its query (`?file=exome&app=…`, `?file=archive&id=…`); null for anything else. */
export function downloadTargetOf(query: URLSearchParams): DownloadTarget | null {
  const parsed = TargetQuery.safeParse(Object.fromEntries(query)).data;
  // "." and ".." would move the report request to another path: never an app id.
  if (!parsed || (parsed.file === "exome" && (parsed.app === "." || parsed.app === ".."))) return null;
  return parsed.file === "exome" ? { kind: "exome", appId: parsed.app } : { kind: "archive", exportId: parsed.id };
}

export function downloadPath(target: DownloadTarget): string {
  const query: Record<string, string> =
    target.kind === "exome" ? { file: "exome", app: target.appId } : { file: "archive", id: target.exportId };
  return `${DOWNLOAD_PATH}?${new URLSearchParams(query)}`;
}

export const sameTarget = (a: DownloadTarget, b: DownloadTarget) =>
  a.kind === b.kind && (a.kind === "exome" ? a.appId === (b as typeof a).appId : a.exportId === (b as typeof a).exportId);

/** How long what is released stays usable: the exome's link as the results service signs it; the archive's as long as the proof lives. */
export const EXOME_LINK_MINUTES = 15;
export const ARCHIVE_LINK_MINUTES = 4;

/** The single-use ticket of an archive's link (the portal's, in the session; the proof stays there too). */
export const ARCHIVE_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const archiveLinkPath = (exportId: string, ticket: string) =>
  `/profile/data-export/${encodeURIComponent(exportId)}?${new URLSearchParams({ ticket })}`;

/** What was released: the exome's single-use address, or the archive's ticket and the proof it is fetched with. */
export type ReleasedDownload =
  { kind: "exome"; url: string; until: number } | { kind: "archive"; ticket: string; proof: string; until: number };

/** The download being confirmed, kept in the server-side session between its pages. */
export type DownloadState = {
  target: DownloadTarget;
  step: "code" | "ready";
  method: AuthMethod;
  phoneNumber: string;
  /** When 'Resend code' unlocks (SPEC.md §4's 30 seconds after each code). */
  resendAvailableAt?: number;
  released?: ReleasedDownload;
};
