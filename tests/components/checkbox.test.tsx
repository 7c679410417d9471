// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Checkbox } from "~/components/checkbox";
import { renderWithI18n } from "./render";

describe("Checkbox", () => {
  it("toggles by clicking the box, its label, or pressing Space", async () => {
    renderWithI18n(<Checkbox label="Remember me" name="rememberMe" />);
    const box = screen.getByRole("checkbox", { name: "Remember me" });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.click(screen.getByText("Remember me"));
    expect(box).not.toBeChecked();
    await userEvent.keyboard(" ");
    expect(box).toBeChecked();
  });

  it("starts from defaultChecked", () => {
    renderWithI18n(<Checkbox label="Remember me" defaultChecked />);
    expect(screen.getByRole("checkbox", { name: "Remember me" })).toBeChecked();
  });

  it("does not toggle when disabled", async () => {
    const onChange = vi.fn();
    renderWithI18n(<Checkbox label="Remember me" disabled defaultChecked onChange={onChange} />);
    const box = screen.getByRole("checkbox", { name: "Remember me" });
    expect(box).toBeDisabled();
    await userEvent.click(box);
    await userEvent.click(screen.getByText("Remember me"));
    expect(box).toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("follows a controlled checked value", async () => {
    const onChange = vi.fn();
    renderWithI18n(<Checkbox label="Agree" checked={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole("checkbox", { name: "Agree" }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("checkbox", { name: "Agree" })).not.toBeChecked();
  });

  it("is sent with its form only when checked", async () => {
    renderWithI18n(
      <form data-testid="form">
        <Checkbox label="Remember me" name="rememberMe" value="on" />
      </form>,
    );
    const form = screen.getByTestId("form") as HTMLFormElement;
    expect(new FormData(form).get("rememberMe")).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "Remember me" }));
    expect(new FormData(form).get("rememberMe")).toBe("on");
  });

  it("ties hint and error to the box", () => {
    renderWithI18n(<Checkbox label="I agree" hint="Required to continue" error="Confirm to continue" />);
    const box = screen.getByRole("checkbox", { name: "I agree" });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("Required to continue Error: Confirm to continue");
  });
});
