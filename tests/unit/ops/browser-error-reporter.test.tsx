// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrowserErrorReporter } from "~/components/layout/browser-error-reporter";

const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function sentBodies() {
  return fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    expect(url).toBe("/client-errors");
    expect(init.method).toBe("POST");
    return JSON.parse(String(init.body));
  });
}

function rejection(reason: unknown) {
  const event = new Event("unhandledrejection") as Event & { reason: unknown };
  event.reason = reason;
  return event;
}

describe("BrowserErrorReporter", () => {
  it("posts uncaught errors and unhandled rejections to /client-errors", () => {
    render(<BrowserErrorReporter />);
    window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught TypeError: boom", error: new TypeError("boom") }));
    window.dispatchEvent(rejection(new Error("request failed")));
    expect(sentBodies()).toEqual([
      expect.objectContaining({ kind: "error", message: "TypeError: boom", path: "/" }),
      expect.objectContaining({ kind: "unhandledrejection", message: "Error: request failed" }),
    ]);
  });

  it("skips detail-less cross-origin errors, repeats, and stops after ten reports", () => {
    render(<BrowserErrorReporter />);
    window.dispatchEvent(new ErrorEvent("error", { message: "Script error." }));
    for (let i = 0; i < 3; i += 1) window.dispatchEvent(new ErrorEvent("error", { message: "same" }));
    for (let i = 0; i < 20; i += 1) window.dispatchEvent(new ErrorEvent("error", { message: `error ${i}` }));
    const bodies = sentBodies();
    expect(bodies).toHaveLength(10);
    expect(bodies.filter((body) => body.message === "same")).toHaveLength(1);
  });

  it("removes its listeners when unmounted", () => {
    const { unmount } = render(<BrowserErrorReporter />);
    unmount();
    window.dispatchEvent(new ErrorEvent("error", { message: "after unmount" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
