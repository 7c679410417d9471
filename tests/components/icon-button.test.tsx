// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Icon, type IconName } from "~/components/icon";
import { IconButton } from "~/components/icon-button";
import { renderWithI18n } from "./render";

const icons: IconName[] = ["arrow-left", "arrow-right", "burger", "cross", "plus", "minus", "eye", "eyeCrossed"];

describe("IconButton", () => {
  it.each(icons)("shows the %s icon, hidden from assistive technology, under its label", (icon) => {
    renderWithI18n(<IconButton icon={icon} label={`Do ${icon}`} />);
    const button = screen.getByRole("button", { name: `Do ${icon}` });
    const svg = button.querySelector("svg");
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg).toHaveAttribute("data-icon", icon);
    expect(svg).toHaveAttribute("stroke", "currentColor");
    expect(button).not.toHaveAttribute("aria-pressed");
  });

  it("runs its action from mouse and keyboard", async () => {
    const onClick = vi.fn();
    renderWithI18n(<IconButton icon="burger" label="Menu" onClick={onClick} />);
    await userEvent.click(screen.getByRole("button", { name: "Menu" }));
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard(" ");
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it("toggles to its second icon and label, reporting aria-pressed", async () => {
    function Toggle() {
      const [pressed, setPressed] = useState(false);
      return (
        <IconButton
          icon="plus"
          label="Expand"
          toggledIcon="minus"
          toggledLabel="Collapse"
          pressed={pressed}
          onClick={() => setPressed((value) => !value)}
        />
      );
    }
    renderWithI18n(<Toggle />);
    const button = screen.getByRole("button", { name: "Expand", pressed: false });
    expect(button.querySelector("svg")).toHaveAttribute("data-icon", "plus");
    await userEvent.click(button);
    expect(screen.getByRole("button", { name: "Collapse", pressed: true })).toBe(button);
    expect(button.querySelector("svg")).toHaveAttribute("data-icon", "minus");
  });
});

describe("Icon", () => {
  it("is decorative and never focusable", () => {
    const { container } = renderWithI18n(<Icon name="arrow-right" />);
    const svg = container.querySelector("svg");
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg).toHaveAttribute("focusable", "false");
    expect(svg?.querySelector("path")).not.toBeNull();
  });
});
