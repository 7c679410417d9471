import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources.server";
import { programStrings } from "../../../lib/program/strings.ts";
import { programName } from "../../../platform/identity/pages/i18n.ts";

const portalCatalogs = import.meta.glob<Record<string, unknown>>("../../../app/locales/*/*.json", { eager: true, import: "default" });

function strings(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (node && typeof node === "object") return Object.values(node).flatMap(strings);
  return [];
}

describe("one name for the program", () => {
  it("is what the identity provider's hosted pages show, in each language", () => {
    expect(programName("en")).toBe(resources.en.common.programName);
    expect(programName("es")).toBe(resources.es.common.programName);
  });

  it("is the only way the portal's strings name it", () => {
    for (const [file, catalog] of Object.entries(portalCatalogs)) {
      const name = file.includes("/es/") ? programStrings.es.programName : programStrings.en.programName;
      for (const text of strings(catalog).filter((candidate) => candidate.includes("DNA Discovery"))) {
        // The welcome line speaks of 'your DNA Discovery account', the program's short form.
        if (text.includes("DNA Discovery account") || text.includes("cuenta de DNA Discovery")) continue;
        expect(text, file).toContain(name);
      }
    }
  });
});
