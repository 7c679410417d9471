// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "~/components/button";
import { Tooltip } from "~/components/tooltip";
import { renderServerHtml, renderWithI18n } from "./render";

function renderResend() {
  renderWithI18n(
    <Tooltip text="Will activate after 30 seconds">
      <Button variant="link" disabled focusableWhenDisabled>
        Resend code
      </Button>
    </Tooltip>,
  );
  return screen.getByRole("button", { name: "Resend code" });
}

describe("Tooltip", () => {
  it("describes its trigger with the tooltip text", () => {
    const trigger = renderResend();
    const tooltip = screen.getByRole("tooltip", { hidden: true });
    expect(tooltip).toHaveTextContent("Will activate after 30 seconds");
    expect(trigger).toHaveAttribute("aria-describedby", tooltip.id);
    expect(trigger).toHaveAccessibleDescription("Will activate after 30 seconds");
  });

  it("keeps a description the trigger already had", () => {
    renderWithI18n(
      <>
        <p id="why">Codes expire after 10 minutes</p>
        <Tooltip text="Will activate after 30 seconds" id="resend-tip">
          <button type="button" aria-describedby="why">
            Resend code
          </button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole("button", { name: "Resend code" })).toHaveAttribute("aria-describedby", "why resend-tip");
  });

  it("Escape dismisses it, and the first Escape does not reach a surrounding dialog", async () => {
    const onDialogKey = vi.fn();
    renderWithI18n(
      // A stand-in for a modal's own Escape handling, which listens through React as the tooltip does.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
      <div role="dialog" aria-label="Password update" onKeyDown={onDialogKey}>
        <Tooltip text="Will activate after 30 seconds">
          <button type="button">Resend code</button>
        </Tooltip>
      </div>,
    );
    const trigger = screen.getByRole("button", { name: "Resend code" });
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    const anchor = trigger.parentElement as HTMLElement;
    expect(anchor).not.toHaveAttribute("data-dismissed");

    await userEvent.keyboard("{Escape}");
    expect(anchor).toHaveAttribute("data-dismissed");
    expect(onDialogKey).not.toHaveBeenCalled();

    // Already dismissed: the next Escape belongs to whatever surrounds it.
    await userEvent.keyboard("{Escape}");
    expect(onDialogKey).toHaveBeenCalledTimes(1);
  });

  it("shows again after the pointer or focus leaves and comes back", async () => {
    renderWithI18n(
      <Tooltip text="Will activate after 30 seconds">
        <button type="button">Resend code</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole("button", { name: "Resend code" });
    const anchor = trigger.parentElement as HTMLElement;
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "Escape" });
    expect(anchor).toHaveAttribute("data-dismissed");
    fireEvent.mouseLeave(anchor);
    expect(anchor).not.toHaveAttribute("data-dismissed");
    fireEvent.keyDown(trigger, { key: "Escape" });
    fireEvent.blur(trigger);
    expect(anchor).not.toHaveAttribute("data-dismissed");
  });

  it("is in the server HTML, so hover and focus show it without JavaScript", () => {
    const { container } = renderServerHtml(
      <Tooltip text="Will activate after 30 seconds">
        <button type="button">Resend code</button>
      </Tooltip>,
    );
    const tooltip = container.querySelector("[role='tooltip']") as HTMLElement;
    expect(tooltip).toHaveTextContent("Will activate after 30 seconds");
    expect(container.querySelector("button")).toHaveAttribute("aria-describedby", tooltip.id);
  });
});
