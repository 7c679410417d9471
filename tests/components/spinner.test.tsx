// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Spinner } from "~/components/spinner";
import { renderWithI18n } from "./render";

describe("Spinner", () => {
  it("announces 'Loading…' by default", () => {
    renderWithI18n(<Spinner />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
  });

  it("announces the Spanish default in Spanish", () => {
    renderWithI18n(<Spinner />, { lng: "es" });
    expect(screen.getByRole("status")).toHaveTextContent("Cargando…");
  });

  it.each(["small", "medium", "large"] as const)("announces a given label at size %s", (size) => {
    renderWithI18n(<Spinner size={size} label="Gathering your information..." />);
    expect(screen.getByRole("status")).toHaveTextContent("Gathering your information...");
    expect(screen.getByRole("status").querySelector("[aria-hidden='true']")).not.toBeNull();
  });
});
