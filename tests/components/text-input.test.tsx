// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TextInput } from "~/components/text-input";
import { renderWithI18n } from "./render";

describe("TextInput", () => {
  it("is labelled by its always-visible label and accepts typing", async () => {
    renderWithI18n(<TextInput label="Email" name="email" />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("name", "email");
    expect(input).not.toHaveAttribute("aria-invalid");
    await userEvent.type(input, "ana@example.com");
    expect(input).toHaveValue("ana@example.com");
  });

  it("is described by its hint", () => {
    renderWithI18n(<TextInput label="Name" hint="As on your kit registration" />);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("As on your kit registration");
  });

  it("marks itself invalid and is described by hint and error, the error prefixed for screen readers", () => {
    renderWithI18n(<TextInput label="Authentication code" hint="6-digit code" error="Authentication code not entered" />);
    const input = screen.getByRole("textbox", { name: "Authentication code" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("6-digit code Error: Authentication code not entered");
    expect(screen.getByText("Authentication code not entered")).toBeVisible();
  });

  it("prefixes the error in Spanish too", () => {
    renderWithI18n(<TextInput label="Código" error="Código no introducido" />, { lng: "es" });
    expect(screen.getByRole("textbox", { name: "Código" })).toHaveAccessibleDescription("Error: Código no introducido");
  });

  it("keeps descriptions passed by a form library alongside its own, without duplicates", () => {
    renderWithI18n(
      <>
        <TextInput id="code" label="Code" error="Wrong" aria-describedby="code-error extra" />
        <p id="extra">Check your phone</p>
      </>,
    );
    expect(screen.getByRole("textbox", { name: "Code" })).toHaveAttribute("aria-describedby", "code-error extra");
  });

  it("when prefilled shows its value read-only", async () => {
    renderWithI18n(<TextInput label="Name" prefilled defaultValue="Ana María López" />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input).toHaveAttribute("readonly");
    await userEvent.type(input, "x");
    expect(input).toHaveValue("Ana María López");
  });

  it("as a code field asks for a numeric keyboard and one-time-code autofill", () => {
    renderWithI18n(<TextInput label="Code" code />);
    const input = screen.getByRole("textbox", { name: "Code" });
    expect(input).toHaveAttribute("inputmode", "numeric");
    expect(input).toHaveAttribute("autocomplete", "one-time-code");
  });

  it("as a code field keeps an explicit autoComplete", () => {
    renderWithI18n(<TextInput label="Code" code autoComplete="off" />);
    expect(screen.getByRole("textbox", { name: "Code" })).toHaveAttribute("autocomplete", "off");
  });

  it("passes other input props through", () => {
    renderWithI18n(<TextInput label="Phone" type="tel" name="phone" required placeholder="(555) 555-1234" />);
    const input = screen.getByRole("textbox", { name: "Phone" });
    expect(input).toHaveAttribute("type", "tel");
    expect(input).toBeRequired();
    expect(input).toHaveAttribute("placeholder", "(555) 555-1234");
  });
});
