// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TextArea } from "~/components/text-area";
import { renderWithI18n } from "./render";

describe("TextArea", () => {
  it("is labelled, takes multi-line text and is described by its hint", async () => {
    renderWithI18n(<TextArea label="Message" name="message" hint="Do not include your password" />);
    const area = screen.getByRole("textbox", { name: "Message" });
    expect(area.tagName).toBe("TEXTAREA");
    expect(area).toHaveAccessibleDescription("Do not include your password");
    await userEvent.type(area, "line one{Enter}line two");
    expect(area).toHaveValue("line one\nline two");
  });

  it("shows an error tied to the field", () => {
    renderWithI18n(<TextArea label="Message" error="Enter a message" />);
    const area = screen.getByRole("textbox", { name: "Message" });
    expect(area).toHaveAttribute("aria-invalid", "true");
    expect(area).toHaveAccessibleDescription("Error: Enter a message");
  });
});
