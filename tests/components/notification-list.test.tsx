// @vitest-environment jsdom
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotificationList, type NotificationItem } from "~/components/notification-list";
import { renderWithI18n } from "./render";

const items: NotificationItem[] = [
  { id: "welcome", type: "success", headerText: "Welcome", closable: true, visibleMs: 0 },
  { id: "download", type: "error", headerText: "Download failed", visibleMs: 15000 },
  { id: "tip", headerText: "Tip", visibleMs: 0 },
];

afterEach(() => {
  vi.useRealTimers();
});

describe("NotificationList", () => {
  it("renders errors in an alert region and the rest in a polite one, both there even when empty, never nesting one live role in another", () => {
    const { container, rerender } = renderWithI18n(<NotificationList notifications={[]} />);
    const polite = container.querySelector("[aria-live='polite']") as HTMLElement;
    const alert = screen.getByRole("alert");
    expect(polite).toBeEmptyDOMElement();
    expect(alert).toBeEmptyDOMElement();
    rerender(<NotificationList notifications={items} />);
    expect(container.querySelector("[aria-live='polite']")).toBe(polite);
    expect(screen.getByRole("alert")).toBe(alert);
    expect(alert).toHaveTextContent("Download failed");
    expect(polite).toHaveTextContent("Welcome");
    expect(polite).toHaveTextContent("Tip");
    expect(container.querySelectorAll("[role='status'], [role='alert'] [role], [aria-live] [role]")).toHaveLength(0);
  });

  it("removes a notification that is closed and reports its id", async () => {
    const onDismiss = vi.fn();
    renderWithI18n(<NotificationList notifications={items} onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Welcome")).toBeNull();
    expect(screen.getByText("Tip")).toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalledWith("welcome");
  });

  it("removes a notification whose visible time ran out and keeps it removed on re-render", () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const { rerender } = renderWithI18n(<NotificationList notifications={items} onDismiss={onDismiss} />);
    act(() => {
      vi.advanceTimersByTime(15000);
    });
    expect(screen.queryByText("Download failed")).toBeNull();
    expect(onDismiss).toHaveBeenCalledWith("download");
    rerender(<NotificationList notifications={[...items]} onDismiss={onDismiss} />);
    expect(screen.queryByText("Download failed")).toBeNull();
    expect(screen.getByText("Welcome")).toBeInTheDocument();
  });
});
