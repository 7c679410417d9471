// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NewPasswordStep } from "~/components/profile/new-password-step";
import { renderWithI18n } from "./render";

describe("NewPasswordStep", () => {
  it("names the account in a hidden username field, so a password manager saves the new password for it", async () => {
    const Stub = createRoutesStub([
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

describe("NewPasswordStep validation as the participant goes", () => {
  it("flags the new password when it is left, and not the confirmation until it is touched", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/profile/security/password", Component: () => <NewPasswordStep reply={undefined} username="ada@example.test" /> },
    ]);
    renderWithI18n(<Stub initialEntries={["/profile/security/password"]} />);
    const password = await screen.findByLabelText("New password");
    await user.type(password, "short");
    await user.tab();
    expect(await screen.findAllByText("Your password needs to be 10 or more characters")).not.toHaveLength(0);
    const confirm = screen.getByLabelText("Confirm new password");
    expect(confirm).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Password not entered")).toBeNull();
    expect(screen.queryByText("The passwords do not match. Try again.")).toBeNull();
  });
});
