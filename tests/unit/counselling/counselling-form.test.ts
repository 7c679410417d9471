import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { counsellingFormSchema, openRequestFor, zonedTimeToInstant } from "~/domain/counselling";
import { offersCounselling } from "../../../lib/program/counselling.ts";

describe("a wall-clock time in the participant's time zone", () => {
  it("is the instant of that time there, summer and winter", () => {
    expect(zonedTimeToInstant("2026-12-03", "09:30", "America/Chicago")!.toISOString()).toBe("2026-12-03T15:30:00.000Z");
    expect(zonedTimeToInstant("2026-07-03", "09:30", "America/Chicago")!.toISOString()).toBe("2026-07-03T14:30:00.000Z");
    expect(zonedTimeToInstant("2026-07-03", "09:30", "Europe/Madrid")!.toISOString()).toBe("2026-07-03T07:30:00.000Z");
    expect(zonedTimeToInstant("2026-12-03", "00:15", "UTC")!.toISOString()).toBe("2026-12-03T00:15:00.000Z");
    expect(zonedTimeToInstant("2026-12-03", "09:00", "Asia/Kolkata")!.toISOString()).toBe("2026-12-03T03:30:00.000Z");
  });

  it("on the days the clocks change, the hours either side are right", () => {
    // 8 March 2026, Chicago: 02:00 CST becomes 03:00 CDT.
    expect(zonedTimeToInstant("2026-03-08", "01:30", "America/Chicago")!.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedTimeToInstant("2026-03-08", "03:30", "America/Chicago")!.toISOString()).toBe("2026-03-08T08:30:00.000Z");
    // 1 November 2026, Chicago: 02:00 CDT becomes 01:00 CST.
    expect(zonedTimeToInstant("2026-11-01", "04:00", "America/Chicago")!.toISOString()).toBe("2026-11-01T10:00:00.000Z");
  });

  it("is nothing for a date, time or zone that does not exist", () => {
    expect(zonedTimeToInstant("2026-02-30", "09:00", "UTC")).toBeNull();
    expect(zonedTimeToInstant("2026-12-03", "25:00", "UTC")).toBeNull();
    expect(zonedTimeToInstant("2026-12-03", "09:00", "Mars/Olympus")).toBeNull();
    expect(zonedTimeToInstant("03/12/2026", "09:00", "UTC")).toBeNull();
  });
});

const NOW = new Date("2026-11-29T12:00:00Z");
function submit(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ appId: "app-1", contact: "video", language: "es", timeZone: "America/Chicago", ...fields }))
    form.set(name, value);
  return parseWithZod(form, { schema: counsellingFormSchema(NOW) });
}

describe("the counselling request form", () => {
  it("turns up to three windows into instants, skipping empty later ones", () => {
    const result = submit({
      window1Date: "2026-12-03",
      window1From: "09:00",
      window1To: "12:00",
      window3Date: "2026-12-04",
      window3From: "14:00",
      window3To: "15:00",
      note: "  Please call after school hours  ",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.windows).toEqual([
      { start: "2026-12-03T15:00:00.000Z", end: "2026-12-03T18:00:00.000Z" },
      { start: "2026-12-04T20:00:00.000Z", end: "2026-12-04T21:00:00.000Z" },
    ]);
    expect(result.value.note).toBe("Please call after school hours");
  });

  it("names each problem on its own field, with a translation key", () => {
    const errors = (fields: Record<string, string>) => {
      const result = submit(fields);
      return result.status === "success" ? {} : result.reply().error;
    };
    expect(errors({})).toMatchObject({
      window1Date: ["form.errors.dateRequired"],
      window1From: ["form.errors.fromRequired"],
      window1To: ["form.errors.toRequired"],
    });
    // Every problem at once: the choices and the first window together.
    expect(errors({ contact: "", language: "fr", timeZone: "Nowhere/Land" })).toMatchObject({
      contact: ["form.errors.contactRequired"],
      language: ["form.errors.languageRequired"],
      timeZone: ["form.errors.timeZoneRequired"],
      window1Date: ["form.errors.dateRequired"],
    });
    expect(errors({ window1Date: "2026-11-28", window1From: "09:00", window1To: "10:00" })).toMatchObject({
      window1Date: ["form.errors.windowPast"],
    });
    expect(errors({ window1Date: "2027-06-01", window1From: "09:00", window1To: "10:00" })).toMatchObject({
      window1Date: ["form.errors.windowTooFar"],
    });
    expect(errors({ window1Date: "2026-12-03", window1From: "10:00", window1To: "09:00" })).toMatchObject({
      window1To: ["form.errors.windowOrder"],
    });
    expect(errors({ window1Date: "2026-12-03", window1From: "10:00", window1To: "10:15" })).toMatchObject({
      window1To: ["form.errors.windowTooShort"],
    });
    expect(errors({ window1Date: "2026-12-03", window1From: "06:00", window1To: "19:00" })).toMatchObject({
      window1To: ["form.errors.windowTooLong"],
    });
    expect(errors({ window1Date: "2026-12-03", window1From: "09:00", window1To: "10:00", window2From: "09:00" })).toMatchObject({
      window2Date: ["form.errors.dateRequired"],
      window2To: ["form.errors.toRequired"],
    });
    expect(errors({ window1Date: "2026-12-03", window1From: "09:00", window1To: "10:00", note: "x".repeat(1001) })).toMatchObject({
      note: ["form.errors.noteTooLong"],
    });
  });
});

describe("which reports a counsellor talks about", () => {
  it("health, FH and exome, not traits or ancestry", () => {
    expect(offersCounselling({ type: "health", appName: "health" })).toBe(true);
    expect(offersCounselling({ type: "health", appName: "fh-health" })).toBe(true);
    expect(offersCounselling({ type: "download", appName: "exome-download" })).toBe(true);
    expect(offersCounselling({ type: null, appName: "fh-health" })).toBe(true);
    expect(offersCounselling({ type: "traits", appName: "traits" })).toBe(false);
    expect(offersCounselling({ type: "wellness", appName: "women-wellness" })).toBe(false);
    expect(offersCounselling({ type: null, appName: "ancestry" })).toBe(false);
  });

  it("one open request per report", () => {
    const requests = [
      { appId: "a", state: "cancelled" as const },
      { appId: "a", state: "scheduled" as const },
      { appId: "b", state: "done" as const },
    ];
    expect(openRequestFor(requests, "a")?.state).toBe("scheduled");
    expect(openRequestFor(requests, "b")).toBeUndefined();
  });
});
