import { describe, expect, it } from "vitest";
import { dayAndTime, hourOfDay, writeOwnZoneWith } from "~/domain/clock-time";

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

describe("moments in the participant's own zone, written off the page's main thread", () => {
  const moment = Date.UTC(2026, 10, 24, 16, 12);
  const chicago = { own: true, until: "America/Chicago" } as const;

  it("show the named zone until the writer has them, then the writer's text, asking once for each", () => {
    const asked: string[] = [];
    let ready = false;
    writeOwnZoneWith({
      written: (key) => {
        asked.push(key);
        return ready ? "as the worker wrote it" : undefined;
      },
    });
    try {
      expect(dayAndTime(moment, "en", chicago)).toBe(dayAndTime(moment, "en", "America/Chicago"));
      ready = true;
      expect(dayAndTime(moment, "en", chicago)).toBe("as the worker wrote it");
      expect(new Set(asked).size).toBe(1);
    } finally {
      writeOwnZoneWith(null);
    }
  });

  it("are written at once, in the process's own zone, where there is no writer", () => {
    expect(dayAndTime(moment, "es", chicago)).toBe(dayAndTime(moment, "es", Intl.DateTimeFormat().resolvedOptions().timeZone));
  });
});
