import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const localesDir = new URL("../../../app/locales/", import.meta.url).pathname;
// The program's strings the embedded services show too; the portal merges them into `common`.
const programLocalesDir = new URL("../../../lib/program/locales/", import.meta.url).pathname;

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

  it("the program's shared strings have the same keys in English and Spanish, and none is also in the portal's common", () => {
    const program = (language: string) => keys(JSON.parse(readFileSync(join(programLocalesDir, `${language}.json`), "utf8"))).sort();
    expect(program("es")).toEqual(program("en"));
    for (const language of ["en", "es"]) {
      const common = namespaces(language)["common.json"];
      expect(program(language).filter((key) => common?.includes(key))).toEqual([]);
    }
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
      return list
        .filter(
          (key) =>
            key
              .split(".")
              .reduce<unknown>(
                (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
                json,
              ) === "",
        )
        .map((key) => `${file}:${key}`);
    });
    expect(empty).toEqual([]);
  });

  it("no string wraps text in a void HTML element name, which Trans would render empty", () => {
    const voidTags = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];
    const offenders = ["en", "es"].flatMap((language) =>
      readdirSync(join(localesDir, language))
        .filter((file) => file.endsWith(".json"))
        .flatMap((file) => {
          const text = readFileSync(join(localesDir, language, file), "utf8");
          return voidTags.filter((tag) => new RegExp(`<${tag}>`).test(text)).map((tag) => `${language}/${file}: <${tag}>`);
        }),
    );
    expect(offenders).toEqual([]);
  });
});
