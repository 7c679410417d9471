import { describe, expect, it } from "vitest";
import { changeIn, isUpdated, reportVersionsFrom } from "~/domain/report-versions";

const v = (version: number, change: string | null = null, changeEs: string | null = null) => ({
  version,
  issuedOn: `2026-0${version}-01`,
  change,
  changeEs,
});

describe("a reissued report's versions", () => {
  it("are read newest first, each number once, and a list that does not read as one is none", () => {
    expect(reportVersionsFrom([v(1), v(3, "c3"), v(2, "c2"), v(3, "again")]).map((each) => each.version)).toEqual([3, 2, 1]);
    expect(reportVersionsFrom([{ version: 1, issuedOn: "1 March" }])).toEqual([]);
    expect(reportVersionsFrom("two")).toEqual([]);
    expect(reportVersionsFrom(undefined)).toEqual([]);
    expect(reportVersionsFrom([{ version: 2, issuedOn: "2026-02-01" }])).toEqual([
      { version: 2, issuedOn: "2026-02-01", change: null, changeEs: null },
    ]);
  });

  it("are 'Updated' while the newest is a reissue the participant has not opened", () => {
    const versions = reportVersionsFrom([v(1), v(2, "c2")]);
    expect(isUpdated(versions, [])).toBe(true);
    expect(isUpdated(versions, [1])).toBe(true);
    expect(isUpdated(versions, [2])).toBe(false);
    // A first version never opened is a report to read, not an update; no versions, nothing to say.
    expect(isUpdated(reportVersionsFrom([v(1)]), [])).toBe(false);
    expect(isUpdated([], [])).toBe(false);
  });

  it("say what changed in the page's language, in English where the lab wrote no Spanish", () => {
    expect(changeIn(v(2, "Reclassified.", "Reclasificada."), "es")).toBe("Reclasificada.");
    expect(changeIn(v(2, "Reclassified.", null), "es")).toBe("Reclassified.");
    expect(changeIn(v(2, "Reclassified.", "Reclasificada."), "en")).toBe("Reclassified.");
    expect(changeIn(v(1), "en")).toBeNull();
  });
});
