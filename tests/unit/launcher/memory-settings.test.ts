import { describe, expect, it } from "vitest";
import { memoryEnvironment, memoryFlagsFor } from "../../../lib/launcher/memory-settings.ts";

describe("the launcher's memory settings", () => {
  it("bounds the portal's heap unless the operator set the same option in NODE_OPTIONS", () => {
    expect(memoryFlagsFor("portal")).toEqual(["--max-semi-space-size=4", "--max-old-space-size=96", "--no-maglev-inlining"]);
    expect(memoryFlagsFor("portal", "--max-old-space-size=512")).toEqual(["--max-semi-space-size=4", "--no-maglev-inlining"]);
  });

  it("limits malloc arenas unless the environment already chose", () => {
    expect(memoryEnvironment({}).MALLOC_ARENA_MAX).toBe("2");
    expect(memoryEnvironment({ MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });
});
