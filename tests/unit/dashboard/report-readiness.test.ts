import { describe, expect, it } from "vitest";
import { reportIsReady, reportReadyAtStep, stepReachedByKitStatus } from "../../../lib/program/report-readiness";

describe("when a report can be had", () => {
  it("reads the step a kit status has reached (3 has traits and ancestry ready too)", () => {
    expect([null, undefined, 0, -1, Number.NaN, 1, 2, 3, 4, 5].map(stepReachedByKitStatus)).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 4, 5]);
  });

  it("readies traits, ancestry and the exome file with sequencing, health and wellness with health results", () => {
    expect(reportReadyAtStep({ type: "traits", appName: "nevada-traits" })).toBe(4);
    expect(reportReadyAtStep({ type: "download", appName: "exome-download" })).toBe(4);
    expect(reportReadyAtStep({ type: null, appName: "ancestry" })).toBe(4);
    expect(reportReadyAtStep({ type: "health", appName: "fh-health" })).toBe(5);
    expect(reportReadyAtStep({ type: "wellness", appName: "women-wellness" })).toBe(5);
    expect(reportReadyAtStep({ type: "", appName: "something-new" })).toBe(5);
  });

  it("offers no report before its results exist", () => {
    const traits = { type: "traits", appName: "traits" };
    const health = { type: "health", appName: "health" };
    expect([0, 1, 2, 3, 4, 5].map((status) => reportIsReady(traits, status))).toEqual([false, false, false, true, true, true]);
    expect([0, 1, 2, 3, 4, 5].map((status) => reportIsReady(health, status))).toEqual([false, false, false, false, false, true]);
  });
});
