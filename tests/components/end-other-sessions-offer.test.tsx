// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EndOtherSessionsOffer } from "~/components/profile/end-other-sessions-offer";
import { changeFromQuery } from "~/domain/active-sessions";
import { renderWithI18n } from "./render";

/** What a verification step shows after a new password or phone number (OWASP ASVS 5.0 V7.4.3). */
describe("the offer to end the other sessions", () => {
  it("links to the sessions page saying which change it follows, in the page's language", () => {
    renderWithI18n(
      <MemoryRouter>
        <EndOtherSessionsOffer after="phone" />
      </MemoryRouter>,
      { lng: "es" },
    );
    expect(screen.getByText("¿Tiene la sesión iniciada en otros dispositivos?", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Revise dónde tiene la sesión iniciada y cierre las demás" })).toHaveAttribute(
      "href",
      "/profile/security/sessions?after=phone",
    );
  });

  it("the sessions page reads only the changes it has words for", () => {
    expect(changeFromQuery("password")).toBe("password");
    expect(changeFromQuery("phone")).toBe("phone");
    expect(changeFromQuery("email")).toBeNull();
    expect(changeFromQuery(null)).toBeNull();
  });
});
