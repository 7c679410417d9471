import { describe, expect, it } from "vitest";
import { calendarDate, isCalendarDate } from "~/domain/calendar-date";
import { delayReasonOf, highlightedSteps, timelineEntries, TRACKER_STEPS } from "~/domain/kit-timeline";

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

describe("the dated tracker", () => {
  const history = {
    reachedOn: { 1: "2026-09-14", 2: "2026-09-29", 4: "2026-10-30" },
    nextStepExpectedBy: "2027-01-15",
    delayReason: "lab-backlog" as const,
  };

  it("dates the steps reached (done and current) and gives the first step not reached its expected day", () => {
    const entries = timelineEntries(2, true, history);
    expect(entries.map(({ state, reachedOn, expectedBy }) => [state, reachedOn, expectedBy])).toEqual([
      ["done", "2026-09-14", null],
      ["current", "2026-09-29", null],
      ["upcoming", null, "2027-01-15"],
      ["upcoming", null, null],
      ["upcoming", null, null],
    ]);
  });

  it("never dates a step the kit status has not reached, and the dates never move the highlight", () => {
    const entries = timelineEntries(1, true, history);
    expect(entries.map((entry) => entry.state)).toEqual(["current", "upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(entries.map((entry) => entry.reachedOn)).toEqual(["2026-09-14", null, null, null, null]);
    expect(entries[1]!.expectedBy).toBe("2027-01-15");
  });

  it("gives the expected day to the first step the history has not reached, even one kitStatus highlights (3 → steps 3 and 4)", () => {
    const elena = { reachedOn: { 1: "2026-07-01", 2: "2026-07-16", 3: "2026-08-27" }, nextStepExpectedBy: "2026-12-04", delayReason: null };
    const entries = timelineEntries(3, false, elena);
    expect(entries.map(({ state, reachedOn, expectedBy }) => [state, reachedOn, expectedBy])).toEqual([
      ["done", "2026-07-01", null],
      ["done", "2026-07-16", null],
      ["current", "2026-08-27", null],
      ["current", null, "2026-12-04"],
    ]);
  });

  it("with everything reached there is no expected day; without a history nothing is dated", () => {
    expect(timelineEntries(5, true, { ...history, reachedOn: { 5: "2026-11-10" } }).every((entry) => entry.expectedBy === null)).toBe(true);
    expect(timelineEntries(3, false).every((entry) => entry.reachedOn === null && entry.expectedBy === null)).toBe(true);
  });

  it("words a delay code it does not know as a delay in general", () => {
    expect(delayReasonOf("sample-rerun")).toBe("sample-rerun");
    expect(delayReasonOf("cosmic-rays")).toBe("other");
    expect(delayReasonOf(null)).toBeNull();
  });
});

describe("calendar dates", () => {
  it("are written by the page's language, the same day wherever the server is", () => {
    expect(calendarDate("2027-01-15", "en")).toBe("January 15, 2027");
    expect(calendarDate("2027-01-15", "es")).toBe("15 de enero de 2027");
    expect(calendarDate("2026-12-31", "en")).toBe("December 31, 2026");
  });

  it("accept only real YYYY-MM-DD days", () => {
    expect(isCalendarDate("2026-11-10")).toBe(true);
    for (const bad of ["2026-13-01", "10/11/2026", "2026-11-10T00:00:00Z", ""]) expect(isCalendarDate(bad)).toBe(false);
  });
});
