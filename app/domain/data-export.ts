import type { DataExport } from "./data-export-reply";

/** One download as the participant is shown it. Times are epoch milliseconds. */
export type DataExportItem =
  | { kind: "preparing"; id: string; requestedAt: number; filesDone: number; filesTotal: number | null }
  | { kind: "ready"; id: string; requestedAt: number; expiresAt: number; sizeBytes: number }
  | { kind: "expired"; id: string; requestedAt: number; expiredAt: number }
  | { kind: "failed"; id: string; requestedAt: number };

/** How often a page with a download being prepared looks again (a refresh without JavaScript, a revalidation with it). */
export const DATA_EXPORT_CHECK_AGAIN_SECONDS = 5;

/** Newest first; a ready download whose 24 hours are over is expired, even before the service has said so. */
export function dataExportItems(exports: readonly DataExport[], nowMs: number): DataExportItem[] {
  return [...exports]
    .sort((a, b) => Date.parse(b.requestedAt) - Date.parse(a.requestedAt))
    .map((found): DataExportItem => {
      const requestedAt = Date.parse(found.requestedAt);
      const expiresAt = found.expiresAt ? Date.parse(found.expiresAt) : null;
      switch (found.status) {
        case "queued":
        case "building":
          return { kind: "preparing", id: found.id, requestedAt, filesDone: found.filesDone, filesTotal: found.filesTotal };
        case "ready":
          if (expiresAt !== null && expiresAt > nowMs)
            return { kind: "ready", id: found.id, requestedAt, expiresAt, sizeBytes: found.sizeBytes ?? 0 };
          return { kind: "expired", id: found.id, requestedAt, expiredAt: expiresAt ?? nowMs };
        case "expired":
          return { kind: "expired", id: found.id, requestedAt, expiredAt: expiresAt ?? requestedAt };
        case "failed":
          return { kind: "failed", id: found.id, requestedAt };
      }
    });
}

export const isBeingPrepared = (items: readonly DataExportItem[]) => items.some((item) => item.kind === "preparing");

/** Made once per locale and unit: building an Intl formatter costs far more than using one. */
const sizeFormats = new Map<string, Intl.NumberFormat>();

/** A file's size in the page's language: '48 KB', '22.1 MB', '22,1 MB'. */
export function fileSize(bytes: number, language: string): string {
  const locale = language === "es" ? "es" : "en-US";
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : [Math.max(1, Math.round(bytes / 1000)), "kilobyte"];
  const key = `${locale}|${unit}`;
  let format = sizeFormats.get(key);
  if (!format)
    sizeFormats.set(key, (format = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 })));
  return format.format(value);
}
