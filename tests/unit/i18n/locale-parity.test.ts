import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const localesDir = new URL("../../../app/locales/", import.meta.url).pathname;

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function namespaces(language: string): Record<string, string[]> {
  const dir = join(localesDir, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file, keys(JSON.parse(readFileSync(join(dir, file), "utf8"))).sort()]),
  );
}

describe("locales", () => {
  it("English and Spanish have the same namespaces and the same keys", () => {
    expect(namespaces("es")).toEqual(namespaces("en"));
  });

  it("every namespace file is registered with the server's resources", () => {
    const registry = readFileSync(join(localesDir, "resources.server.ts"), "utf8");
    for (const file of Object.keys(namespaces("en"))) {
      expect(registry, `${file} is imported`).toContain(`./en/${file}`);
      expect(registry, `${file} is imported`).toContain(`./es/${file}`);
    }
  });

  it("no Spanish string is left empty", () => {
    const empty = Object.entries(namespaces("es")).flatMap(([file, list]) => {
      const json = JSON.parse(readFileSync(join(localesDir, "es", file), "utf8"));
      return list.filter((key) => key.split(".").reduce((node: any, part) => node?.[part], json) === "").map((key) => `${file}:${key}`);
    });
    expect(empty).toEqual([]);
  });
});
