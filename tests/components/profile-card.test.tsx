// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProfileCard } from "~/components/profile/profile-card";
import { renderWithI18n } from "./render";

describe("ProfileCard", () => {
  it("is a region named by its heading, at the level it is given", () => {
    renderWithI18n(
      <ProfileCard headingId="sessions-heading" heading="Where you're signed in" level={2}>
        <p>Content</p>
      </ProfileCard>,
    );
    const region = screen.getByRole("region", { name: "Where you're signed in" });
    expect(screen.getByRole("heading", { level: 2, name: "Where you're signed in" })).toHaveAttribute("id", "sessions-heading");
    expect(region).toHaveTextContent("Content");
    expect(region).not.toHaveAttribute("aria-busy");
  });

  it("says while its content is on its way, and keeps the id a link leads to", () => {
    renderWithI18n(
      <ProfileCard id="your-data" headingId="your-data-heading" heading="Your data" level={1} busy>
        <p>Loading</p>
      </ProfileCard>,
    );
    const region = screen.getByRole("region", { name: "Your data" });
    expect(screen.getByRole("heading", { level: 1, name: "Your data" })).toBeInTheDocument();
    expect(region).toHaveAttribute("aria-busy", "true");
    expect(region).toHaveAttribute("id", "your-data");
  });
});
