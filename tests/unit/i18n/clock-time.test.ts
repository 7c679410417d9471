import { describe, expect, it } from "vitest";
import { hourOfDay } from "~/domain/clock-time";

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
