import { describe, expect, it } from "vitest";
import { highlightedSteps, timelineEntries, TRACKER_STEPS } from "~/domain/kit-timeline";

describe("kit status to highlighted tracker steps (SPEC.md §4)", () => {
  it.each([
    [0, [1]],
    [null, [1]],
    [undefined, [1]],
    [Number.NaN, [1]],
    [1, [1]],
    [2, [2]],
    [3, [3, 4]],
    [4, [4]],
    [5, [5]],
  ])("status %s highlights %j", (status, expected) => {
    expect(highlightedSteps(status)).toEqual(expected);
  });

  it("has five steps in the order of SPEC.md §2", () => {
    expect(TRACKER_STEPS).toEqual(["kitRegistered", "sampleReceived", "sequencingComplete", "traitsAncestryReady", "healthReady"]);
  });
});

describe("timeline entries", () => {
  const states = (status: number, healthOrResearch = true) => timelineEntries(status, healthOrResearch).map((entry) => entry.state);

  it("marks steps before the highlight done, the highlight current and the rest upcoming", () => {
    expect(states(1)).toEqual(["current", "upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(states(2)).toEqual(["done", "current", "upcoming", "upcoming", "upcoming"]);
    expect(states(3)).toEqual(["done", "done", "current", "current", "upcoming"]);
    expect(states(5)).toEqual(["done", "done", "done", "done", "current"]);
    expect(states(0)).toEqual(["current", "upcoming", "upcoming", "upcoming", "upcoming"]);
  });

  it("cuts the list to its first 4 entries when the participant is not health-or-research", () => {
    const entries = timelineEntries(3, false);
    expect(entries.map((entry) => entry.step)).toEqual(TRACKER_STEPS.slice(0, 4));
    expect(entries.map((entry) => entry.state)).toEqual(["done", "done", "current", "current"]);
    expect(timelineEntries(5, false).map((entry) => entry.state)).toEqual(["done", "done", "done", "done"]);
  });

  it("numbers the steps from 1", () => {
    expect(timelineEntries(1, true).map((entry) => entry.number)).toEqual([1, 2, 3, 4, 5]);
  });
});
