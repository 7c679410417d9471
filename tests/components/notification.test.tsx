// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_NOTIFICATION_VISIBLE_MS, Notification } from "~/components/notification";
import { hydrateServerHtml, renderServerHtml, renderWithI18n } from "./render";

describe("Notification", () => {
  it.each(["info", "success", "warning"] as const)("a %s notification is a polite status", (type) => {
    renderWithI18n(<Notification type={type} headerText="More to come" bodyText="Account settings will be expanded." />);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("More to come");
    expect(status).toHaveTextContent("Account settings will be expanded.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is info by default", () => {
    renderWithI18n(<Notification headerText="Note" />);
    expect(screen.getByRole("status").querySelector("svg")).toHaveAttribute("data-icon", "info");
  });

  it("an error notification is an alert", () => {
    renderWithI18n(
      <Notification
        type="error"
        headerText="Something Went Wrong with Your Download"
        bodyText={
          <>
            Try again or <a href="https://help.example.com">contact support</a>.
          </>
        }
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Something Went Wrong with Your Download");
    expect(screen.getByRole("link", { name: "contact support" })).toBeInTheDocument();
  });

  it("a closable one closes with its Close button and tells its owner", async () => {
    const onClose = vi.fn();
    renderWithI18n(<Notification type="success" headerText="Welcome" closable onClose={onClose} visibleMs={0} />);
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("names the Close button in Spanish", () => {
    renderWithI18n(<Notification headerText="Bienvenido" closable visibleMs={0} />, { lng: "es" });
    expect(screen.getByRole("button", { name: "Cerrar" })).toBeInTheDocument();
  });

  it("is not closable unless asked", () => {
    renderWithI18n(<Notification headerText="Note" visibleMs={0} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("without JavaScript shows no dead Close button", () => {
    const { container } = renderServerHtml(<Notification headerText="Welcome" closable />);
    expect(container.querySelector("[role='status']")).toHaveTextContent("Welcome");
    expect(container.querySelector("button")).toBeNull();
  });

  it("gains its Close button once the page's JavaScript has loaded", async () => {
    const { container } = await hydrateServerHtml(<Notification headerText="Welcome" closable visibleMs={0} />);
    expect(container.querySelector("button")).toHaveAccessibleName("Close");
  });

  it("with a dismiss form closes through a plain form post, also without JavaScript", () => {
    const { container } = renderServerHtml(
      <Notification type="success" headerText="Welcome" closable dismissForm={{ action: "/banners", fields: { banner: "welcome" } }} />,
    );
    const form = container.querySelector("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/banners");
    expect(new FormData(form).get("banner")).toBe("welcome");
    const submit = form.querySelector("button");
    expect(submit).toHaveAttribute("type", "submit");
    expect(submit).toHaveAccessibleName("Close");
  });

  it("with a dismiss form and onClose, JavaScript closes it in place instead of posting", async () => {
    const onClose = vi.fn();
    renderWithI18n(<Notification headerText="Welcome" closable visibleMs={0} onClose={onClose} dismissForm={{ action: "/banners" }} />);
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("status")).toBeNull();
  });

  describe("visible time", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("defaults to 7000 ms", () => {
      expect(DEFAULT_NOTIFICATION_VISIBLE_MS).toBe(7000);
      const onClose = vi.fn();
      renderWithI18n(<Notification headerText="Saved" onClose={onClose} />);
      act(() => {
        vi.advanceTimersByTime(6999);
      });
      expect(screen.getByRole("status")).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole("status")).toBeNull();
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it("honours a longer time, e.g. 15000 ms for a download error", () => {
      renderWithI18n(<Notification type="error" headerText="Download failed" visibleMs={15000} />);
      act(() => {
        vi.advanceTimersByTime(14999);
      });
      expect(screen.getByRole("alert")).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole("alert")).toBeNull();
    });

    it("stays when visibleMs is 0", () => {
      renderWithI18n(<Notification headerText="Pinned" visibleMs={0} />);
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(screen.getByRole("status")).toBeInTheDocument();
    });

    it("does not count time while hovered, so it never vanishes mid-read", () => {
      renderWithI18n(<Notification headerText="Saved" visibleMs={5000} />);
      const status = screen.getByRole("status");
      act(() => {
        vi.advanceTimersByTime(3000);
      });
      fireEvent.mouseEnter(status);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(screen.getByRole("status")).toBeInTheDocument();
      fireEvent.mouseLeave(status);
      act(() => {
        vi.advanceTimersByTime(1999);
      });
      expect(screen.getByRole("status")).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole("status")).toBeNull();
    });
  });
});
