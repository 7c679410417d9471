// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PasswordField } from "~/components/password-field";
import { hydrateServerHtml, renderServerHtml, renderWithI18n } from "./render";

describe("PasswordField", () => {
  it("hides what is typed until the participant asks to see it, and hides it again", async () => {
    renderWithI18n(<PasswordField label="Password" name="password" autoComplete="new-password" />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveAttribute("autocomplete", "new-password");
    await userEvent.type(input, "correct horse");

    const toggle = screen.getByRole("button", { name: "Show password", pressed: false });
    expect(toggle).toHaveAttribute("type", "button");
    await userEvent.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("correct horse");
    expect(screen.getByRole("button", { name: "Hide password", pressed: true })).toBe(toggle);

    await userEvent.click(toggle);
    expect(input).toHaveAttribute("type", "password");
  });

  it("labels the toggle in Spanish", async () => {
    renderWithI18n(<PasswordField label="Contraseña" />, { lng: "es" });
    await userEvent.click(screen.getByRole("button", { name: "Mostrar contraseña" }));
    expect(screen.getByRole("button", { name: "Ocultar contraseña" })).toBeInTheDocument();
  });

  it("hides the password again when its form is submitted", async () => {
    renderWithI18n(
      <form onSubmit={(event) => event.preventDefault()}>
        <PasswordField label="Password" name="password" />
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    fireEvent.submit(screen.getByLabelText("Password").closest("form") as HTMLFormElement);
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
  });

  it("ties hint and error to the field", () => {
    renderWithI18n(
      <PasswordField
        label="New password"
        hint="Use 10 or more characters and a password that is not commonly used"
        error="Your password needs to be 10 or more characters"
      />,
    );
    const input = screen.getByLabelText("New password");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(
      "Use 10 or more characters and a password that is not commonly used Error: Your password needs to be 10 or more characters",
    );
  });

  it("without JavaScript is a plain password field with no toggle", () => {
    const { container } = renderServerHtml(<PasswordField label="Password" name="password" />);
    expect(container.querySelector("input")).toHaveAttribute("type", "password");
    expect(container.querySelector("button")).toBeNull();
  });

  it("gains the toggle once the page's JavaScript has loaded", async () => {
    const { container } = await hydrateServerHtml(<PasswordField label="Password" name="password" />);
    expect(container.querySelector("button")).toHaveAccessibleName("Show password");
  });
});
