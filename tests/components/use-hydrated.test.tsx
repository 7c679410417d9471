// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PageEnhancedMark } from "~/components/layout/page-enhanced-mark";
import { PAGE_ENHANCED_ATTRIBUTE, useHydrated } from "~/components/use-hydrated";
import { hydrateServerHtml } from "./render";

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <span>{hydrated ? "with JavaScript" : "as the server drew it"}</span>;
}

describe("useHydrated", () => {
  it("keeps the server's control while hydrating, switches once, and a control that appears later is enhanced from its first render", async () => {
    const early: boolean[] = [];
    const late: boolean[] = [];
    function Page() {
      const [more, setMore] = useState(false);
      return (
        <>
          <PageEnhancedMark />
          <Probe seen={early} />
          <button type="button" onClick={() => setMore(true)}>
            More
          </button>
          {more ? <Probe seen={late} /> : null}
        </>
      );
    }
    expect(document.documentElement).not.toHaveAttribute(PAGE_ENHANCED_ATTRIBUTE);

    await hydrateServerHtml(<Page />);

    // The server's render, hydration's (which must match it), then the one switch.
    expect(early).toEqual([false, false, true]);
    expect(screen.getByText("with JavaScript")).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute(PAGE_ENHANCED_ATTRIBUTE);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "More" })));
    expect(late).toEqual([true]);
  });
});
