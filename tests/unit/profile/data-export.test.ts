import { describe, expect, it } from "vitest";
import { dataExportItems, fileSize, isBeingPrepared } from "~/domain/data-export";
import type { DataExport } from "~/domain/data-export-reply";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const base: DataExport = {
  id: "e1",
  status: "queued",
  filesDone: 0,
  filesTotal: null,
  sizeBytes: null,
  requestedAt: "2026-11-23T11:00:00Z",
  readyAt: null,
  expiresAt: null,
};

describe("download everything: what the participant is shown", () => {
  it("lists the newest request first", () => {
    const items = dataExportItems(
      [
        { ...base, id: "old", status: "expired", requestedAt: "2026-11-20T10:00:00Z", expiresAt: "2026-11-21T10:00:00Z" },
        { ...base, id: "new" },
      ],
      NOW,
    );
    expect(items.map((item) => item.id)).toEqual(["new", "old"]);
  });

  it("shows a queued or building request as being prepared, with its progress once known", () => {
    const [queued] = dataExportItems([base], NOW);
    expect(queued).toMatchObject({ kind: "preparing", filesDone: 0, filesTotal: null });
    const [building] = dataExportItems([{ ...base, status: "building", filesDone: 3, filesTotal: 9 }], NOW);
    expect(building).toMatchObject({ kind: "preparing", filesDone: 3, filesTotal: 9 });
    expect(isBeingPrepared([queued!])).toBe(true);
  });

  it("offers a ready archive until its 24 hours are over, then calls it expired even before the service does", () => {
    const ready = {
      ...base,
      status: "ready" as const,
      sizeBytes: 22_100_000,
      readyAt: "2026-11-23T11:01:00Z",
      expiresAt: "2026-11-24T11:01:00Z",
    };
    expect(dataExportItems([ready], NOW)[0]).toMatchObject({
      kind: "ready",
      sizeBytes: 22_100_000,
      expiresAt: Date.parse(ready.expiresAt),
    });
    const later = Date.parse("2026-11-24T11:01:00Z");
    expect(dataExportItems([ready], later)[0]).toMatchObject({ kind: "expired", expiredAt: later });
    expect(isBeingPrepared(dataExportItems([ready], NOW))).toBe(false);
  });

  it("says so when an archive could not be prepared", () => {
    expect(dataExportItems([{ ...base, status: "failed" }], NOW)[0]).toMatchObject({ kind: "failed" });
  });

  it("writes sizes in the page's language", () => {
    expect(fileSize(48_213, "en")).toBe("48 kB");
    expect(fileSize(22_100_000, "en")).toBe("22.1 MB");
    expect(fileSize(22_100_000, "es")).toBe("22,1 MB");
    expect(fileSize(12, "en")).toBe("1 kB");
  });
});
