// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { data, createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppErrorBoundary } from "~/components/layout/app-error-boundary";
import { NetworkErrorScreen, SessionExpiredScreen } from "~/components/layout/error-screens";
import { renderWithI18n } from "../render";

function renderFailingRoute(loader: () => never, lng: "en" | "es" = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => null, loader, ErrorBoundary: AppErrorBoundary }]);
  return renderWithI18n(<Stub />, { lng });
}

describe("AppErrorBoundary", () => {
  it("shows the server error page for an unexpected error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderFailingRoute(() => {
      throw new Error("database exploded: secret detail");
    });
    expect(await screen.findByRole("heading", { name: "Oh no! There was an unexpected error on our side." })).toBeInTheDocument();
    expect(screen.getByText(/Please try again in a few minutes. If this continues, reach out to the/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "support team" })).toHaveAttribute("href", expect.stringMatching(/^mailto:/));
    expect(screen.queryByText(/secret detail/)).toBeNull();
  });

  it("says plainly that a page does not exist, with the status and a way on to My Results", async () => {
    renderFailingRoute(() => {
      throw data({ visitor: null }, { status: 404, statusText: "Not Found" });
    });
    expect(await screen.findByRole("heading", { name: "We can't find that page" })).toBeInTheDocument();
    expect(screen.getByText("The address may be mistyped, or the page may have moved.")).toBeInTheDocument();
    expect(screen.queryByText("404 Not Found")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to My Results" })).toHaveAttribute("href", "/");
  });

  it("shows the router fallback with status and status text for other client errors", async () => {
    renderFailingRoute(() => {
      throw data(null, { status: 405, statusText: "Method Not Allowed" });
    });
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("405 This kind of request is not accepted here.")).toBeInTheDocument();
  });

  it("speaks Spanish when the page is in Spanish", async () => {
    renderFailingRoute(() => {
      throw data(null, { status: 404, statusText: "Not Found" });
    }, "es");
    expect(await screen.findByRole("heading", { name: "No encontramos esa página" })).toBeInTheDocument();
    expect(screen.queryByText("404 No encontrado")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir a Mis resultados" })).toBeInTheDocument();
  });

  it("keeps the header of the participant the missing page's answer names", async () => {
    renderFailingRoute(() => {
      throw data(
        {
          visitor: {
            kind: "participant",
            fullName: "Ada Maren Testwell",
            signedInUntil: Date.UTC(2026, 10, 23, 15, 45),
            serverTimeZone: "UTC",
          },
        },
        { status: 404 },
      );
    });
    expect(await screen.findByRole("heading", { name: "We can't find that page" })).toBeInTheDocument();
    expect(screen.getByLabelText("Account menu for Ada Maren Testwell")).toBeInTheDocument();
  });
});

describe("AppErrorBoundary inside the signed-in layout", () => {
  it("keeps the participant's header and menu around the error screen", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => null,
        loader: () => {
          throw data(null, { status: 404 });
        },
        ErrorBoundary: () => (
          <AppErrorBoundary
            visitor={{
              kind: "participant",
              fullName: "Ada Maren Testwell",
              signedInUntil: Date.UTC(2026, 10, 23, 15, 45),
              serverTimeZone: "UTC",
            }}
          />
        ),
      },
    ]);
    renderWithI18n(<Stub />);
    expect(await screen.findByRole("heading", { name: "We can't find that page" })).toBeInTheDocument();
    expect(screen.getByLabelText("Account menu for Ada Maren Testwell")).toBeInTheDocument();
  });
});

describe("NetworkErrorScreen", () => {
  it("shows the SPEC headline, the support link and a Sign Out form that posts", async () => {
    const Stub = createRoutesStub([{ path: "/profile", Component: NetworkErrorScreen }]);
    renderWithI18n(<Stub initialEntries={["/profile?tab=1"]} />);
    expect(await screen.findByRole("heading", { name: "Oops! There Was an Unexpected Issue With the Network" })).toBeInTheDocument();
    expect(
      screen.getByText(/Please sign out and try signing in again after a few minutes. If this continues, reach out to/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "participant support" })).toHaveAttribute("href", expect.stringMatching(/^mailto:/));
    const signOut = screen.getByRole("button", { name: "Sign Out" });
    expect(signOut.closest("form")).toHaveAttribute("action", "/auth/sign-out");
    expect(signOut.closest("form")).toHaveAttribute("method", "post");
    // A way to try the same page again, as a plain link (no JavaScript needed).
    expect(screen.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/profile?tab=1");
  });
});

describe("SessionExpiredScreen", () => {
  it("is a page with an h1, says when the move to sign-in comes, and offers to go now", () => {
    renderWithI18n(<SessionExpiredScreen redirectSeconds={3} signInPath="/auth/sign-in?returnTo=%2Fprofile" />, { lng: "es" });
    expect(
      screen.getByRole("heading", { level: 1, name: "La sesión ha expirado, redirigiéndolo a la pantalla de inicio de sesión..." }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Le llevaremos al inicio de sesión en 3 segundos.");
    expect(screen.getByRole("link", { name: "Continuar al inicio de sesión" })).toHaveAttribute(
      "href",
      "/auth/sign-in?returnTo=%2Fprofile",
    );
  });
});
