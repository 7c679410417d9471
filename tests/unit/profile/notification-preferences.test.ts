import { describe, expect, it } from "vitest";
import { preferencesFromForm } from "~/domain/notification-preferences";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the notification settings form's values", () => {
  it("reads e-mail on or off and the ticked steps, each once", () => {
    expect(
      preferencesFromForm(
        form([
          ["email", "on"],
          ["step", "3"],
          ["step", "5"],
          ["step", "3"],
        ]),
      ),
    ).toEqual({ emailEnabled: true, steps: [3, 5] });
    expect(preferencesFromForm(form([]))).toEqual({ emailEnabled: false, steps: [] });
  });

  it("refuses what the form never sends", () => {
    expect(preferencesFromForm(form([["step", "1"]]))).toBeNull();
    expect(preferencesFromForm(form([["step", "6"]]))).toBeNull();
    expect(preferencesFromForm(form([["email", "true"]]))).toBeNull();
    expect(preferencesFromForm(form(Array.from({ length: 5 }, () => ["step", "2"] as [string, string])))).toBeNull();
  });
});
