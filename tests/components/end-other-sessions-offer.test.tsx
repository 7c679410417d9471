// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EndOtherSessionsOffer } from "~/components/profile/end-other-sessions-offer";
import { recentSessionEndingChange, SESSION_ENDING_OFFER_MS, sessionEndingRecord } from "~/domain/active-sessions";
import { renderWithI18n } from "./render";

/** What a verification step shows after a new password or phone number (OWASP ASVS 5.0 V7.4.3). */
describe("the offer to end the other sessions", () => {
  it("links to the sessions page, in the page's language (the address says nothing of the change)", () => {
    renderWithI18n(
      <MemoryRouter>
        <EndOtherSessionsOffer />
      </MemoryRouter>,
      { lng: "es" },
    );
    expect(screen.getByText("¿Tiene la sesión iniciada en otros dispositivos?", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Revise dónde tiene la sesión iniciada y cierre las demás" })).toHaveAttribute(
      "href",
      "/profile/security/sessions",
    );
  });

  it("follows a change the session itself recorded, for 15 minutes", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(recentSessionEndingChange(sessionEndingRecord("phone", now), now)).toBe("phone");
    expect(recentSessionEndingChange(sessionEndingRecord("phone", now), now + SESSION_ENDING_OFFER_MS - 1)).toBe("phone");
    expect(recentSessionEndingChange(sessionEndingRecord("phone", now), now + SESSION_ENDING_OFFER_MS)).toBeNull();
    expect(recentSessionEndingChange({ change: "email", at: now }, now)).toBeNull();
    expect(recentSessionEndingChange(null, now)).toBeNull();
  });
});
