import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The repository's root, where eslint.config.js is.
const cwd = new URL("../../../", import.meta.url).pathname;
const RULE = "import-x/no-restricted-paths";

let eslint: ESLint;

/** The layer rule's reports for `code` as if it were the file at `filePath` (only the text is linted). */
async function layerProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe("the layer rule: app/ and platform/ share code only through lib/, which imports neither", () => {
  beforeAll(() => {
    // The files linted here do not exist, so the type-aware rules (which need the file in the project) are off.
    eslint = new ESLint({
      cwd,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: { "@typescript-eslint/no-floating-promises": "off" },
      },
    });
  });

  it("reports app/ importing platform/", { timeout: 30_000 }, async () => {
    const problems = await layerProblems(
      `import { resultsConfig } from "../platform/results/config.ts";\nexport const value = resultsConfig;\n`,
      "app/x.ts",
    );
    expect(problems).toEqual([expect.stringContaining("app/ never imports platform/")]);
  });

  it("reports platform/ importing app/, by a relative path or the portal's ~/ alias", { timeout: 30_000 }, async () => {
    const relative = await layerProblems(
      `import { site } from "../../app/config/site.ts";\nexport const value = site;\n`,
      "platform/results/x.ts",
    );
    const alias = await layerProblems(`import { site } from "~/config/site";\nexport const value = site;\n`, "platform/results/x.ts");
    const json = await layerProblems(
      `import common from "../../../app/locales/en/common.json" with { type: "json" };\nexport const value = common;\n`,
      "platform/identity/pages/x.ts",
    );
    for (const problems of [relative, alias, json]) expect(problems).toEqual([expect.stringContaining("platform/ never imports app/")]);
  });

  it("reports lib/ importing app/, platform/ or server/", { timeout: 30_000 }, async () => {
    for (const target of ["../../app/config/site.ts", "../../platform/results/config.ts", "../../server/config.ts"]) {
      const problems = await layerProblems(`import * as other from "${target}";\nexport const value = other;\n`, "lib/program/x.ts");
      expect(problems, target).toEqual([expect.stringContaining("lib/ is shared by every side")]);
    }
  });

  it("lets both import lib/", { timeout: 30_000 }, async () => {
    expect(
      await layerProblems(`import { accreditation } from "../lib/program/site.ts";\nexport const value = accreditation;\n`, "app/x.ts"),
    ).toEqual([]);
    expect(
      await layerProblems(
        `import { programName } from "../../lib/program/strings.ts";\nexport const value = programName;\n`,
        "platform/results/x.ts",
      ),
    ).toEqual([]);
  });
});
