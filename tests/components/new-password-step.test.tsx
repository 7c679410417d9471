// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewPasswordStep } from "~/components/profile/new-password-step";
import { renderWithI18n } from "./render";

describe("NewPasswordStep", () => {
  it("names the account in a hidden username field, so a password manager saves the new password for it", async () => {
    const Stub = createRemixStub([
      { path: "/profile/security/password", Component: () => <NewPasswordStep reply={undefined} username="ada@example.test" /> },
    ]);
    const { container } = renderWithI18n(<Stub initialEntries={["/profile/security/password"]} />);
    await screen.findByLabelText("New password");
    const username = container.querySelector('input[name="username"]');
    expect(username).toHaveAttribute("autocomplete", "username");
    expect(username).toHaveValue("ada@example.test");
    expect(username).not.toBeVisible();
    expect(screen.getByLabelText("New password")).toHaveAttribute("autocomplete", "new-password");
  });
});
