import { describe, expect, it } from "vitest";
import { maskPhone } from "~/domain/phone-mask";

describe("SPEC.md §3 masked phone", () => {
  it("shows only the last four digits", () => {
    expect(maskPhone("+15555551234")).toBe("(***) ***-1234");
    expect(maskPhone("(***) ***-1234")).toBe("(***) ***-1234");
  });
  it("returns four characters or fewer unmasked", () => {
    expect(maskPhone("1234")).toBe("1234");
    expect(maskPhone("")).toBe("");
  });
});
