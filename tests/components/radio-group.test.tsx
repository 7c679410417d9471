// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RadioGroup } from "~/components/radio-group";
import { renderServerHtml, renderWithI18n } from "./render";

const methods = [
  { value: "sms", label: "Text Message" },
  { value: "voice", label: "Voice Call" },
];

describe("RadioGroup", () => {
  it("is a group named by its legend, with one radio per option", () => {
    renderWithI18n(<RadioGroup legend="How should we send your code?" name="authMethod" options={methods} />);
    const group = screen.getByRole("radiogroup", { name: "How should we send your code?" });
    expect(group.tagName).toBe("FIELDSET");
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("radio", { name: "Text Message" })).toHaveAttribute("name", "authMethod");
  });

  it("starts from defaultValue and changes with clicks and arrow keys", async () => {
    const onChange = vi.fn();
    renderWithI18n(
      <form data-testid="form">
        <RadioGroup legend="Method" name="authMethod" options={methods} defaultValue="sms" onChange={onChange} />
      </form>,
    );
    const form = screen.getByTestId("form") as HTMLFormElement;
    expect(screen.getByRole("radio", { name: "Text Message" })).toBeChecked();
    expect(new FormData(form).get("authMethod")).toBe("sms");

    await userEvent.click(screen.getByText("Voice Call"));
    expect(screen.getByRole("radio", { name: "Voice Call" })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith("voice");
    expect(new FormData(form).get("authMethod")).toBe("voice");

    await userEvent.keyboard("{ArrowUp}");
    expect(screen.getByRole("radio", { name: "Text Message" })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith("sms");
  });

  it("gives the first radio the group id, so an error link lands on the group", () => {
    renderWithI18n(<RadioGroup id="authMethod" legend="Method" name="authMethod" options={methods} />);
    expect(screen.getByRole("radio", { name: "Text Message" })).toHaveAttribute("id", "authMethod");
    expect(screen.getByRole("radio", { name: "Voice Call" }).id).not.toBe("authMethod");
  });

  it("ties its error to the group", () => {
    renderWithI18n(<RadioGroup legend="Method" name="authMethod" options={methods} error="Choose how to get your code" />);
    const group = screen.getByRole("radiogroup", { name: "Method" });
    expect(group).toHaveAccessibleDescription("Error: Choose how to get your code");
    expect(group).toHaveAttribute("aria-invalid", "true");
  });

  it("cannot be changed when disabled", async () => {
    renderWithI18n(<RadioGroup legend="Method" name="authMethod" options={methods} defaultValue="sms" disabled />);
    await userEvent.click(screen.getByText("Voice Call"));
    expect(screen.getByRole("radio", { name: "Text Message" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Voice Call" })).toBeDisabled();
  });

  it("renders the default choice checked in the server HTML", () => {
    const { container } = renderServerHtml(<RadioGroup legend="Method" name="authMethod" options={methods} defaultValue="voice" />);
    const checked = container.querySelector("input:checked") as HTMLInputElement;
    expect(checked.value).toBe("voice");
  });
});
