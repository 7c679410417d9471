// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ReportView } from "~/components/reports/report-view";
import type { ReportContent } from "~/domain/report-content";

const report: ReportContent = {
  language: "es",
  title: "Ascendencia — Informe de ascendencia",
  participantName: "Ada Testwell",
  sections: [
    { heading: "Acerca de este informe", paragraphs: ["Datos de demostración."], rows: [["Fecha del informe", "29 de noviembre de 2026"]] },
    { heading: "Composición de ascendencia", rows: [["Europa del Noroeste", "41%"]] },
  ],
};

afterEach(cleanup);

describe("ReportView", () => {
  it("is the page's heading where the report is the page: sections one level below, in the report's language", () => {
    render(<ReportView report={report} titleLevel={1} />);
    const article = screen.getByRole("article", { name: report.title });
    expect(article).toHaveAttribute("lang", "es");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(report.title);
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Acerca de este informe",
      "Composición de ascendencia",
    ]);
    // Each section is a region named by its heading; a row's label is its header.
    const composition = screen.getByRole("region", { name: "Composición de ascendencia" });
    expect(within(composition).getByRole("rowheader", { name: "Europa del Noroeste" })).toBeInTheDocument();
    expect(within(composition).getByRole("cell", { name: "41%" })).toBeInTheDocument();
    expect(screen.getByText("Datos de demostración.").tagName).toBe("P");
  });

  it("sits under the page's own heading in the clinician's view, and twice on a page without clashing names", () => {
    render(
      <>
        <ReportView report={report} titleLevel={2}>
          <p>Compartido por Ada</p>
        </ReportView>
        <ReportView report={{ ...report, title: "Otro informe" }} titleLevel={2} />
      </>,
    );
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([report.title, "Otro informe"]);
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(4);
    // What the page puts under the title comes right after it, before the first section.
    const first = screen.getByRole("article", { name: report.title });
    expect(first.children[1]).toHaveTextContent("Compartido por Ada");
    expect(screen.getByRole("article", { name: "Otro informe" })).toBeInTheDocument();
  });
});
