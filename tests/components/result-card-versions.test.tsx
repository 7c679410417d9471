// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ResultCard } from "~/components/dashboard/result-card";
import type { ResultApp } from "~/domain/patient-results";
import { renderWithI18n } from "./render";

const health = (versions: ResultApp["versions"], updated = false): ResultApp => ({
  appID: "app-1 & 2",
  appName: "health",
  label: "Health",
  labelEs: "Salud",
  type: "health",
  reportReady: true,
  fileBytes: null,
  variantFound: false,
  versions,
  updated,
});

function renderCard(app: ResultApp, lng: "en" | "es" = "en") {
  return renderWithI18n(
    <MemoryRouter>
      <ul>
        <ResultCard app={app} canShare onNotice={() => undefined} />
      </ul>
    </MemoryRouter>,
    { lng },
  );
}

describe("a reissued report's card", () => {
  const versions = [
    { version: 2, issuedOn: "2026-11-17", change: "A variant was reclassified.", changeEs: "Se reclasificó una variante." },
    { version: 1, issuedOn: "2026-09-08", change: null, changeEs: null },
  ];

  it("links to the page of the newest version, and each earlier version to its own page", () => {
    renderCard(health(versions, true));
    expect(screen.getByRole("link", { name: "Read report: Health" })).toHaveAttribute("href", "/results/report?app=app-1+%26+2&version=2");
    expect(screen.getByRole("link", { name: "Open version 1 of your Health report" })).toHaveAttribute(
      "href",
      "/results/report?app=app-1+%26+2&version=1",
    );
    expect(screen.getByText("Updated")).toBeInTheDocument();
  });

  it("in Spanish, names the earlier version's link in Spanish", () => {
    renderCard(health(versions), "es");
    expect(screen.getByRole("link", { name: "Abrir la versión 1 de su informe de Salud" })).toHaveAttribute(
      "href",
      "/results/report?app=app-1+%26+2&version=1",
    );
  });

  it("of a report never reissued, links to its page without a version", () => {
    renderCard(health([]));
    expect(screen.getByRole("link", { name: "Read report: Health" })).toHaveAttribute("href", "/results/report?app=app-1+%26+2");
    expect(screen.queryByText("Earlier versions")).toBeNull();
  });
});
