// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "~/components/button";
import { renderWithI18n } from "./render";

describe("Button", () => {
  it.each(["filled", "outlined", "link", "text"] as const)("renders a %s variant as a button that can be clicked", async (variant) => {
    const onClick = vi.fn();
    renderWithI18n(
      <Button variant={variant} onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Continue" });
    expect(button).toHaveAttribute("type", "button");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("ignores clicks when disabled", async () => {
    const onClick = vi.fn();
    renderWithI18n(
      <Button disabled onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Continue" });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("can stay focusable while disabled, still ignoring clicks", async () => {
    const onClick = vi.fn();
    renderWithI18n(
      <Button disabled focusableWhenDisabled onClick={onClick}>
        Resend code
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Resend code" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard("{Enter}");
    expect(onClick).not.toHaveBeenCalled();
  });

  it("while loading is busy, keeps focus and neither clicks nor submits its form", async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Download
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Download" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits its form with the intent name and value", async () => {
    const submitted: Array<[string, FormDataEntryValue | null]> = [];
    renderWithI18n(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement;
          submitted.push([submitter.name, submitter.value]);
        }}
      >
        <Button type="submit" name="intent" value="resend">
          Resend
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    expect(submitted).toEqual([["intent", "resend"]]);
  });

  it("exposes the selected state as aria-pressed", () => {
    renderWithI18n(
      <>
        <Button selected>English</Button>
        <Button selected={false}>Español</Button>
        <Button>Plain</Button>
      </>,
    );
    expect(screen.getByRole("button", { name: "English", pressed: true })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Español", pressed: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Plain" })).not.toHaveAttribute("aria-pressed");
  });

  it("renders a link-button with the same look when given as='a'", () => {
    renderWithI18n(
      <>
        <Button as="a" href="/profile/security?modal=password" variant="outlined">
          Update Password
        </Button>
        <Button variant="outlined">Compare</Button>
      </>,
    );
    const link = screen.getByRole("link", { name: "Update Password" });
    expect(link).toHaveAttribute("href", "/profile/security?modal=password");
    expect(link.className).toBe(screen.getByRole("button", { name: "Compare" }).className);
  });

  it("a disabled link-button cannot be followed", () => {
    renderWithI18n(
      <Button as="a" href="/somewhere" disabled>
        Open
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Open" });
    expect(link).not.toHaveAttribute("href");
    expect(link).toHaveAttribute("aria-disabled", "true");
  });
});
