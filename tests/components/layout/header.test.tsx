// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { assert, describe, expect, it } from "vitest";
import { Header } from "~/components/layout/header";
import type { Visitor } from "~/components/layout/visitor";
import { clockTime } from "~/domain/clock-time";
import { renderServerHtml, renderWithI18n } from "../render";

function renderHeader(visitor: Visitor | null, lng: "en" | "es" = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Header visitor={visitor} /> }]);
  return renderWithI18n(<Stub />, { lng });
}

describe("Header", () => {
  it("shows a participant the results link, their full name, profile overview and log out", () => {
    renderHeader({
      kind: "participant",
      fullName: "Ada Maren Testwell",
      signedInUntil: Date.UTC(2026, 10, 23, 15, 45),
      serverTimeZone: "UTC",
    });
    const banner = screen.getByRole("banner");
    expect(within(banner).getAllByRole("link", { name: "My Results" }).length).toBeGreaterThan(0);
    expect(within(banner).getAllByText("Ada Maren Testwell").length).toBeGreaterThan(0);
    expect(within(banner).getAllByRole("link", { name: "Profile overview" })[0]).toHaveAttribute("href", "/profile/overview");
    const [logOut] = within(banner).getAllByRole("button", { name: "Log out" });
    assert.isDefined(logOut);
    expect(logOut.closest("form")).toHaveAttribute("method", "post");
    expect(logOut.closest("form")).toHaveAttribute("action", "/auth/sign-out");
  });

  it("gives a results-link visitor only the language selector and log out", () => {
    renderHeader({ kind: "results-link" });
    const banner = screen.getByRole("banner");
    expect(within(banner).queryByRole("link", { name: "My Results" })).toBeNull();
    expect(within(banner).queryByText("Profile overview")).toBeNull();
    expect(within(banner).getAllByRole("button", { name: "Log out" }).length).toBeGreaterThan(0);
    expect(within(banner).getAllByRole("button", { name: /Español/ }).length).toBeGreaterThan(0);
  });

  it("offers an anonymous visitor only the language selector", () => {
    renderHeader(null);
    const banner = screen.getByRole("banner");
    expect(within(banner).queryByRole("button", { name: "Log out" })).toBeNull();
    expect(within(banner).getAllByRole("button", { name: /Español/ }).length).toBeGreaterThan(0);
  });

  it("marks the current language and posts the choice as a plain form", () => {
    renderHeader(null, "es");
    const [current] = screen.getAllByRole("button", { name: "Español" });
    assert.isDefined(current);
    expect(current).toHaveAttribute("aria-pressed", "true");
    const form = current.closest("form");
    // The button speaks the page's language; only its visible name carries the language it names.
    const [english] = screen.getAllByRole("button", { name: "Cambiar el idioma a English" });
    expect(english).not.toHaveAttribute("lang");
    expect(within(english!).getByText("English")).toHaveAttribute("lang", "en");
    expect(form).toHaveAttribute("action", "/language");
    expect(form).toHaveAttribute("method", "post");
  });

  it("links the logo to the company home page", () => {
    renderHeader(null);
    expect(screen.getByRole("link", { name: "DNA Discovery Program home page" })).toHaveAttribute(
      "href",
      "https://www.dnadiscovery.example",
    );
  });

  it("says when the session ends in the server's zone as the server wrote it, then in the browser's own zone", async () => {
    const signedInUntil = Date.UTC(2026, 10, 23, 15, 45);
    const visitor = { kind: "participant", fullName: "Ada Maren Testwell", signedInUntil, serverTimeZone: "Pacific/Auckland" } as const;
    const Stub = createRoutesStub([{ path: "/", Component: () => <Header visitor={visitor} /> }]);
    const { html, container } = renderServerHtml(<Stub />);
    expect(html.replace(/\s/g, " ")).toContain("Signed in until 4:45 AM GMT+13");
    container.remove();
    renderHeader(visitor);
    const account = screen.getByLabelText("Account menu for Ada Maren Testwell").closest("details")!;
    const browserZone = clockTime(signedInUntil, "en").replace(/\s/g, " ");
    expect(await within(account).findByText(`Signed in until ${browserZone}`)).toBeInTheDocument();
  });

  it("with JavaScript, the account and mobile menus close on Escape (focus back on the summary) and on a click outside", async () => {
    renderHeader({
      kind: "participant",
      fullName: "Ada Maren Testwell",
      signedInUntil: Date.UTC(2026, 10, 23, 15, 45),
      serverTimeZone: "UTC",
    });
    const account = screen.getByLabelText("Account menu for Ada Maren Testwell").closest("details")!;
    account.open = true;
    within(account).getAllByRole("link")[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(account.open).toBe(false);
    expect(account.querySelector("summary")).toHaveFocus();
    const mobile = screen.getByText("Menu").closest("details")!;
    mobile.open = true;
    fireEvent.pointerDown(document.body);
    expect(mobile.open).toBe(false);
  });
});
