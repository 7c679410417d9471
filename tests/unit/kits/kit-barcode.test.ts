import { describe, expect, it } from "vitest";
import { collectionDayProblem, kitRegistrationSchema } from "~/domain/kit-registration";
import { checkKitBarcode, formatKitBarcode, kitBarcodeFrom, kitCheckDigit } from "../../../lib/program/kit-barcode.ts";

const GOOD = kitBarcodeFrom("48027315906");

describe("kit barcode rule", () => {
  it("computes Damm's check digit (the published example 572 → 4)", () => {
    expect(kitCheckDigit("572")).toBe("4");
    expect(checkKitBarcode("572").ok).toBe(false);
  });

  it("accepts twelve digits whose last checks the rest, typed with spaces or hyphens", () => {
    expect(checkKitBarcode(GOOD)).toEqual({ ok: true, barcode: GOOD });
    expect(checkKitBarcode(formatKitBarcode(GOOD))).toEqual({ ok: true, barcode: GOOD });
    expect(checkKitBarcode(GOOD.replace(/(\d{4})/g, "$1-").replace(/-$/, ""))).toEqual({ ok: true, barcode: GOOD });
    expect(formatKitBarcode(GOOD)).toMatch(/^\d{4} \d{4} \d{4}$/);
  });

  it("names what is wrong: nothing typed, not twelve digits, or a wrong check digit", () => {
    expect(checkKitBarcode("  ")).toEqual({ ok: false, problem: "empty" });
    expect(checkKitBarcode(GOOD.slice(1))).toEqual({ ok: false, problem: "format" });
    expect(checkKitBarcode(`${GOOD}1`)).toEqual({ ok: false, problem: "format" });
    expect(checkKitBarcode(`A${GOOD.slice(1)}`)).toEqual({ ok: false, problem: "format" });
    const last = Number(GOOD.at(-1));
    expect(checkKitBarcode(GOOD.slice(0, -1) + String((last + 1) % 10))).toEqual({ ok: false, problem: "check-digit" });
  });

  it("catches every single mistyped digit and every swap of two different neighbouring digits", () => {
    for (let trial = 0; trial < 200; trial++) {
      const barcode = kitBarcodeFrom(String(Math.floor(Math.random() * 1e11)).padStart(11, "0"));
      for (let at = 0; at < 12; at++) {
        for (let digit = 0; digit < 10; digit++) {
          if (String(digit) === barcode[at]) continue;
          const typo = barcode.slice(0, at) + String(digit) + barcode.slice(at + 1);
          expect(checkKitBarcode(typo).ok).toBe(false);
        }
        if (at < 11 && barcode[at] !== barcode[at + 1]) {
          const swapped = barcode.slice(0, at) + barcode[at + 1] + barcode[at] + barcode.slice(at + 2);
          expect(checkKitBarcode(swapped).ok).toBe(false);
        }
      }
    }
  });
});

describe("kit registration form", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const schema = kitRegistrationSchema(() => now);

  it("takes the participant's own sample with its collection day, the barcode as twelve digits", () => {
    const parsed = schema.safeParse({ barcode: formatKitBarcode(GOOD), sampleOf: "self", collectedOn: "2026-11-27" });
    expect(parsed.success && parsed.data).toEqual({ barcode: GOOD, sampleOf: "self", collectedOn: "2026-11-27" });
  });

  it("refuses someone else's sample, a mistyped barcode and a day to come, each with its own message", () => {
    const parsed = schema.safeParse({
      barcode: GOOD.slice(0, -1) + String((Number(GOOD.at(-1)) + 1) % 10),
      sampleOf: "someone-else",
      collectedOn: "2026-12-05",
    });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      barcode: "kits.errors.barcodeCheck",
      sampleOf: "kits.errors.sampleOfOther",
      collectedOn: "kits.errors.collectedOnFuture",
    });
  });

  it("gives a day's grace for time zones and refuses samples over a year old", () => {
    expect(collectionDayProblem("2026-11-30", now)).toBeNull();
    expect(collectionDayProblem("2026-12-01", now)).toBe("future");
    expect(collectionDayProblem("2025-11-28", now)).toBe("too-old");
    expect(collectionDayProblem("2026-02-30", now)).toBe("invalid");
    expect(collectionDayProblem("", now)).toBe("required");
  });
});
