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

describe("research updates on the notification settings form", () => {
  it("reads the channel and the frequency together, and leaves them as they are when the form has neither", () => {
    expect(
      preferencesFromForm(
        form([
          ["research", "email"],
          ["frequency", "quarterly"],
        ]),
      ),
    ).toEqual({ emailEnabled: false, steps: [], researchUpdates: { channel: "email", frequency: "quarterly" } });
    expect(preferencesFromForm(form([["research", "none"]]))).toEqual({
      emailEnabled: false,
      steps: [],
      researchUpdates: { channel: "none", frequency: "monthly" },
    });
    expect(preferencesFromForm(form([["email", "on"]]))).not.toHaveProperty("researchUpdates");
  });

  it("refuses a channel or frequency the form never offers, and a frequency without a channel", () => {
    expect(preferencesFromForm(form([["research", "sms"]]))).toBeNull();
    expect(
      preferencesFromForm(
        form([
          ["research", "email"],
          ["frequency", "daily"],
        ]),
      ),
    ).toBeNull();
    expect(preferencesFromForm(form([["frequency", "monthly"]]))).toBeNull();
    expect(
      preferencesFromForm(
        form([
          ["research", "email"],
          ["research", "none"],
        ]),
      ),
    ).toBeNull();
  });
});
