import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project's root folder: the nearest one above this module that holds package.json. The same
 * answer from the source (lib/) and from a file the build bundled it into (build/), so files read at
 * run time (stylesheets, fonts, browser scripts) are found from either.
 */
const projectRoot: string = (() => {
  for (let folder = import.meta.dirname; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${import.meta.dirname}`);
  }
})();

/** A path under the project's root, from its parts relative to it. */
export const inProject = (...parts: string[]): string => path.join(projectRoot, ...parts);
