import { describe, expect, it } from "vitest";
import { EMBEDDED_DATABASE_FLAGS, memoryFlagsFor } from "../../../lib/launcher/memory-settings.ts";
import { processArgs } from "../../../lib/launcher/process-command.ts";

/** Every launcher, suite and bench starts a process with the settings of the one module, then its file. */
const ROOT = "/srv/portal";

describe("a process's Node arguments", () => {
  it.each(["portal", "identity", "results"] as const)("%s: its settings, then the file the build made of it", (name) => {
    const file = { portal: "portal-server.js", identity: "identity-service.js", results: "results-service.js" }[name];
    expect(processArgs(name, ROOT, { from: "built" })).toEqual([...memoryFlagsFor(name), `${ROOT}/build/${file}`]);
    expect(processArgs(name, ROOT, { from: "built", embeddedDatabase: true })).toEqual([
      ...EMBEDDED_DATABASE_FLAGS,
      ...memoryFlagsFor(name),
      `${ROOT}/build/${file}`,
    ]);
  });

  it("from source: the identity service under tsx's loader (its pages are JSX), the others on Node's type stripping", () => {
    expect(processArgs("identity", ROOT, { from: "source" })).toEqual([
      ...memoryFlagsFor("identity"),
      "--import",
      "tsx",
      `${ROOT}/platform/identity/main.ts`,
    ]);
    expect(processArgs("results", ROOT, { from: "source" })).toEqual([...memoryFlagsFor("results"), `${ROOT}/platform/results/main.ts`]);
    expect(processArgs("portal", ROOT, { from: "source" })).toEqual([`${ROOT}/server/index.ts`]);
  });

  it("a flag the operator set in NODE_OPTIONS wins, and the small-server profile bounds only the built portal", () => {
    const nodeOptions = "--max-semi-space-size=16 --max-old-space-size=512";
    for (const name of ["portal", "identity", "results"] as const) {
      const args = processArgs(name, ROOT, { from: "built", nodeOptions });
      expect(args).toEqual([...memoryFlagsFor(name, nodeOptions), expect.stringMatching(/^\/srv\/portal\/build\//)]);
      expect(args.some((arg) => arg.startsWith("--max-semi-space-size") || arg.startsWith("--max-old-space-size"))).toBe(false);
    }
    expect(processArgs("portal", ROOT, { from: "built" })).toEqual([`${ROOT}/build/portal-server.js`]);
    expect(processArgs("portal", ROOT, { from: "built", bounded: true })).toEqual([
      ...memoryFlagsFor("portal", "", true),
      `${ROOT}/build/portal-server.js`,
    ]);
    expect(processArgs("portal", ROOT, { from: "source", bounded: true })).toEqual([`${ROOT}/server/index.ts`]);
  });
});
