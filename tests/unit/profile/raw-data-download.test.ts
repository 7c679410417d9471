import { describe, expect, it } from "vitest";
import { archiveLinkPath, downloadPath, downloadTargetOf, sameTarget } from "~/domain/raw-data-download";

const query = (text: string) => new URLSearchParams(text);

describe("which raw genetic data a download page is for", () => {
  it("reads the exome's app or the archive's id from the query, and writes it back the same", () => {
    const exome = downloadTargetOf(query("file=exome&app=app-1001-exome"));
    expect(exome).toEqual({ kind: "exome", appId: "app-1001-exome" });
    expect(downloadPath(exome!)).toBe("/download?file=exome&app=app-1001-exome");
    const archive = downloadTargetOf(query("file=archive&id=3f1c9a"));
    expect(archive).toEqual({ kind: "archive", exportId: "3f1c9a" });
    expect(downloadTargetOf(query(downloadPath(archive!).split("?")[1]!))).toEqual(archive);
    expect(sameTarget(exome!, archive!)).toBe(false);
    expect(sameTarget(archive!, { kind: "archive", exportId: "3f1c9a" })).toBe(true);
  });

  it("is nothing for anything else: another file, no app, a path-moving app id, an id with a slash", () => {
    for (const text of [
      "",
      "file=report&app=x",
      "file=exome",
      "file=exome&app=..",
      "file=exome&app=.",
      "file=archive&id=a/b",
      "file=archive",
    ])
      expect(downloadTargetOf(query(text)), text).toBeNull();
  });

  it("puts the archive's single-use ticket in its link's query", () => {
    expect(archiveLinkPath("3f1c9a", "t".repeat(43))).toBe(`/profile/data-export/3f1c9a?ticket=${"t".repeat(43)}`);
  });
});
