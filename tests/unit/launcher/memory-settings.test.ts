import { describe, expect, it } from "vitest";
import { memoryEnvironment, memoryFlagsFor, usesSmallServerProfile } from "../../../lib/launcher/memory-settings.ts";

const smallServer = { MEMORY_PROFILE: "small-server" };

describe("the stack's memory settings", () => {
  it("leave the portal and the identity provider on V8's and glibc's own limits by default", () => {
    expect(memoryFlagsFor("portal")).toEqual([]);
    expect(memoryFlagsFor("identity")).toEqual([]);
    expect(memoryEnvironment({ PORT: "3000" })).toEqual({ PORT: "3000" });
    expect(usesSmallServerProfile({ MEMORY_PROFILE: "" })).toBe(false);
  });

  it("bound the portal's heap in the small-server profile, unless the operator set the same option in NODE_OPTIONS", () => {
    expect(memoryFlagsFor("portal", "", true)).toEqual(["--max-semi-space-size=4", "--max-old-space-size=96", "--no-maglev-inlining"]);
    expect(memoryFlagsFor("portal", "--max-old-space-size=512", true)).toEqual(["--max-semi-space-size=4", "--no-maglev-inlining"]);
  });

  it("limit malloc arenas in the small-server profile unless the environment already chose", () => {
    expect(memoryEnvironment(smallServer).MALLOC_ARENA_MAX).toBe("2");
    expect(memoryEnvironment({ ...smallServer, MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });

  it("refuse a profile they do not know, rather than run without one", () => {
    expect(usesSmallServerProfile(smallServer)).toBe(true);
    expect(() => usesSmallServerProfile({ MEMORY_PROFILE: "small" })).toThrow(/MEMORY_PROFILE is "small": set it to "small-server"/);
  });
});
