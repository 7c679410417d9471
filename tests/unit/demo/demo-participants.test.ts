import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The demo participants are for people (`npm start` prints them): the file holds exactly the
 * README's list, and no account that exists only for a test (tests create their own).
 */
const demo = JSON.parse(readFileSync("platform/demo/participants.json", "utf8")) as {
  participants: { email: string; description?: string }[];
};
const readme = readFileSync("README.md", "utf8");
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
});
