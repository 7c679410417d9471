// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Accordion } from "~/components/accordion";
import { renderServerHtml, renderWithI18n } from "./render";

function detailsOf(summaryText: string) {
  return screen.getByText(summaryText).closest("details") as HTMLDetailsElement;
}

describe("Accordion", () => {
  it("starts closed and opens and closes when its summary is activated", async () => {
    renderWithI18n(<Accordion summary="How long does it take?">Up to 12 weeks.</Accordion>);
    const details = detailsOf("How long does it take?");
    expect(details.open).toBe(false);
    const summary = details.querySelector("summary") as HTMLElement;
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getByText("Up to 12 weeks.")).toBeVisible();
    await userEvent.click(summary);
    expect(details.open).toBe(false);
  });

  it("can start open", () => {
    renderWithI18n(
      <Accordion summary="Sequencing" defaultOpen>
        Up to 8 weeks after arrival.
      </Accordion>,
    );
    expect(detailsOf("Sequencing").open).toBe(true);
  });

  it("is a native disclosure in the server HTML, so it works without JavaScript", () => {
    const { container } = renderServerHtml(
      <Accordion summary="Arrival" defaultOpen>
        3-5 days after shipping.
      </Accordion>,
    );
    const details = container.querySelector("details");
    expect(details).toHaveAttribute("open");
    expect(details?.querySelector(":scope > summary")).toHaveTextContent("Arrival");
  });

  it("uses a chevron for the arrow style", () => {
    renderWithI18n(<Accordion summary="Arrow">Body</Accordion>);
    const icons = [...detailsOf("Arrow").querySelectorAll("summary svg")].map((svg) => svg.getAttribute("data-icon"));
    expect(icons).toEqual(["chevron-down"]);
  });

  it("carries both a plus and a minus for the plus style, each decorative", () => {
    renderWithI18n(
      <Accordion summary="Plus" iconStyle="plus">
        Body
      </Accordion>,
    );
    const icons = [...detailsOf("Plus").querySelectorAll("summary svg")];
    expect(icons.map((svg) => svg.getAttribute("data-icon"))).toEqual(["plus", "minus"]);
    for (const svg of icons) expect(svg).toHaveAttribute("aria-hidden", "true");
  });
});
