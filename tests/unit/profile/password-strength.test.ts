import { describe, expect, it } from "vitest";
import { passwordScore, passwordStrength } from "~/domain/password-strength";

describe("SPEC.md §5 strength meter", () => {
  it.each([
    ["", 0, "weak"],
    ["abc", 1, "weak"],
    ["123", 1, "weak"],
    ["!!!", 1, "weak"],
    ["a1!", 3, "weak"],
    ["          ", 7, "weak"],
    ["abcdefghij", 8, "good"],
    ["1234567890", 8, "good"],
    ["!!!!!!!!!!", 8, "good"],
    ["abcdefghi1", 9, "good"],
    ["abcdefghi!", 9, "good"],
    ["abcdefgh1!", 10, "strong"],
    ["Ñandú-2026-año", 10, "strong"],
  ] as const)("%j scores %i (%s)", (password, score, strength) => {
    expect(passwordScore(password)).toBe(score);
    expect(passwordStrength(password)).toBe(strength);
  });
});
