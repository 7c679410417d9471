import { describe, expect, it } from "vitest";
import { resultIconFor } from "~/domain/result-icons";

describe("result card icon by app type (SPEC.md §3)", () => {
  it.each([
    ["health", "health"],
    ["traits", "traits"],
    ["ancestry", "ancestry"],
    ["wellness", "wellness"],
    ["download", "download"],
    ["Health", "health"],
  ])("type %s gives icon %s", (type, icon) => {
    expect(resultIconFor(type)).toBe(icon);
  });

  it.each([[null], [undefined], [""], ["unknown"], ["constructor"], ["__proto__"]])("type %s gives the empty default", (type) => {
    expect(resultIconFor(type)).toBe("");
  });
});
