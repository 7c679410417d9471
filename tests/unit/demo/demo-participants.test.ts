import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reportIsReady } from "../../../lib/program/report-readiness";

/**
 * The demo participants are for people (`npm start` prints them): the file holds exactly the
 * README's list, and no account that exists only for a test (tests create their own).
 */
const demo = JSON.parse(readFileSync("platform/demo/participants.json", "utf8")) as {
  participants: {
    email: string;
    description?: string;
    kitStatus?: number | null;
    dateOfBirth?: string;
    apps: { appName: string; label?: string | null; type?: string | null }[];
  }[];
};
const readme = readFileSync("README.md", "utf8");
const features = readFileSync("docs/features.md", "utf8");
const demoSection = readme.slice(
  readme.indexOf("## Demo participants"),
  readme.indexOf("\n## ", readme.indexOf("## Demo participants") + 1),
);
const listedInReadme = [...demoSection.matchAll(/^\| ([^\s|]+@example\.test) +\|/gm)].map((match) => match[1]);

describe("the demo participants", () => {
  it("are the README's list, in its order", () => {
    expect(listedInReadme.length).toBeGreaterThan(0);
    expect(demo.participants.map((participant) => participant.email)).toEqual(listedInReadme);
  });

  it("each say what they show, and none is there for a test", () => {
    for (const participant of demo.participants) {
      expect(participant.description, participant.email).toBeTruthy();
      expect(participant.description, participant.email).not.toMatch(/dedicated to|end-to-end|tests? use/i);
    }
  });

  it("include the one the share walk-through (docs/features.md) uses, with that report ready and that date of birth", () => {
    const walk =
      /To try it: sign in as (\S+@example\.test),[\s\S]*?on the\s+([^.(]+?)\s+card\b[\s\S]*?with the code\s+and\s+(\d{4}-\d{2}-\d{2})\./.exec(
        features,
      );
    expect(walk, "the share walk-through").not.toBeNull();
    const [, email, typedLabel, dateOfBirth] = walk!;
    const cardLabel = typedLabel!.replace(/\s+/g, " ");
    const person = demo.participants.find((participant) => participant.email === email);
    expect(person, email).toBeDefined();
    const app = person!.apps.find((candidate) => candidate.label === cardLabel);
    expect(app, `${email}'s ${cardLabel} card`).toBeDefined();
    // A card whose report is not ready offers no 'Share with a clinician'.
    expect(reportIsReady({ type: app!.type ?? null, appName: app!.appName }, person!.kitStatus)).toBe(true);
    expect(person!.dateOfBirth).toBe(dateOfBirth);
  });
});
