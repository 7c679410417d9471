import { describe, expect, it } from "vitest";
import { dayAndTime, hourOfDay } from "~/domain/clock-time";

/** The times are written with no-break spaces, so '6 AM' never wraps. */
const spaced = (text: string) => text.replace(/\u202f|\u00a0/g, " ");

describe("hours of the day", () => {
  it("are written as each language writes them", () => {
    expect(spaced(hourOfDay(6, "en"))).toBe("6 AM");
    expect(spaced(hourOfDay(18, "en"))).toBe("6 PM");
    expect(spaced(hourOfDay(6, "es"))).toBe("6 a. m.");
    expect(spaced(hourOfDay(18, "es"))).toBe("6 p. m.");
  });

  it("never break between the hour and its marker", () => {
    expect(hourOfDay(6, "en")).not.toContain(" ");
    expect(hourOfDay(18, "es")).not.toMatch(/\d /);
  });
});

describe("moments", () => {
  const moment = Date.UTC(2026, 10, 24, 16, 12);

  it("are written in the named zone, with its name", () => {
    expect(dayAndTime(moment, "en", "America/Chicago").replace(/\s/g, " ")).toBe("November 24, 2026 at 10:12 AM CST");
  });

  it("are written in the runtime's own zone when none is named (the participant's, in the browser)", () => {
    expect(dayAndTime(moment, "es")).toBe(dayAndTime(moment, "es", Intl.DateTimeFormat().resolvedOptions().timeZone));
  });
});
