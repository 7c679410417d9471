import { expect, type Locator, type Page } from "@playwright/test";

/**
 * WCAG 1.4.12 text spacing, as a participant's own style sheet would set it. Set through the CSSOM,
 * which the page's content security policy allows, and which works with the page's scripts off.
 */
export async function applyTextSpacing(page: Page) {
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      element.style.setProperty("line-height", "1.5", "important");
      element.style.setProperty("letter-spacing", "0.12em", "important");
      element.style.setProperty("word-spacing", "0.16em", "important");
      if (element.tagName === "P") element.style.setProperty("margin-bottom", "2em", "important");
    }
  });
}

/**
 * Nothing of `target` is cut off or covered: inside the viewport, its text not overflowing its own
 * box, and each corner of it is what the participant would hit there (not an ancestor that clips it).
 */
export async function expectWhollyVisible(target: Locator) {
  await expect(target).toBeVisible();
  const problems = await target.evaluate((element) => {
    const found: string[] = [];
    const box = element.getBoundingClientRect();
    if (box.left < 0 || box.right > document.documentElement.clientWidth) found.push(`outside the viewport: ${box.left}–${box.right}`);
    if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== "inline") {
      found.push(`text wider than its box: ${element.scrollWidth} > ${element.clientWidth}`);
    }
    const inset = 2;
    const corners = [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ] as const;
    for (const [x, y] of corners) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === element || element.contains(hit)))
        found.push(`(${Math.round(x)}, ${Math.round(y)}) shows ${hit?.outerHTML.slice(0, 80) ?? "nothing"}`);
    }
    return found;
  });
  expect(problems, problems.join("\n")).toEqual([]);
}
