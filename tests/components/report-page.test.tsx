// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ReportPageView } from "~/components/reports/report-page";
import type { ReportContent, ShownVersion } from "~/domain/report-content";
import { renderWithI18n } from "./render";

const report = (language: "en" | "es"): ReportContent => ({
  language,
  title: language === "es" ? "Rasgos — Informe de rasgos" : "Traits — Traits report",
  participantName: "Ada Testwell",
  sections: [{ heading: language === "es" ? "Sus rasgos" : "Your traits", rows: [["Earwax type", "Wet"]] }],
});

function renderPage(language: "en" | "es", pageLanguage: "en" | "es", version: ShownVersion | null = null) {
  return renderWithI18n(
    <MemoryRouter>
      <ReportPageView report={report(language)} appId="app-1 & 2" version={version} />
    </MemoryRouter>,
    { lng: pageLanguage },
  );
}

describe("ReportPageView", () => {
  it("offers the PDF beside the report, in a new tab and said so, and the way back to My Results", () => {
    renderPage("es", "es");
    const pdf = screen.getByRole("link", { name: /^Descargar este informe en PDF\s*\(se abre en una pestaña nueva\)$/ });
    expect(pdf).toHaveAttribute("href", "/results/report.pdf?app=app-1+%26+2");
    expect(pdf).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "Volver a Mis resultados" })).toHaveAttribute("href", "/");
    // In the page's language, written in it: no line about another language.
    expect(screen.queryByText("Este informe solo está disponible en inglés.")).toBeNull();
  });

  it("says so when the report is not in the page's language, the line in the page's language, the report in its own", () => {
    renderPage("en", "es");
    const notice = screen.getByText("Este informe solo está disponible en inglés.");
    expect(notice.closest("[lang]")).toHaveAttribute("lang", "es");
    expect(screen.getByRole("article", { name: "Traits — Traits report" })).toHaveAttribute("lang", "en");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Traits — Traits report");
  });

  it("names a reissued report's version and its date, and its PDF is the same version", () => {
    renderPage("en", "en", { version: 2, issuedOn: "2026-11-17", change: "A variant was reclassified.", changeEs: null, newest: true });
    expect(screen.getByText("Version 2, issued November 17, 2026")).toBeInTheDocument();
    expect(screen.queryByText(/A newer version of this report exists/)).toBeNull();
    expect(screen.getByRole("link", { name: /^Download this report as a PDF/ })).toHaveAttribute(
      "href",
      "/results/report.pdf?app=app-1+%26+2&version=2",
    );
  });

  it("says of an earlier version, in the page's language, that a newer one exists", () => {
    renderPage("es", "es", { version: 1, issuedOn: "2026-09-08", change: null, changeEs: null, newest: false });
    expect(screen.getByText(/^Versión 1, emitida el 8 de septiembre de 2026/)).toHaveTextContent(
      "Hay una versión más reciente de este informe",
    );
    expect(screen.getByRole("link", { name: /^Descargar este informe en PDF/ })).toHaveAttribute(
      "href",
      "/results/report.pdf?app=app-1+%26+2&version=1",
    );
  });
});
