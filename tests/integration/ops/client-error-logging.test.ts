import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { flushErrorReports, startErrorReporting } from "~/services/error-reporter.server";
import { logger, LOGGED_PATH_MAX } from "~/services/logger.server";
import { startSentryIngest, type SentryIngest } from "../../support/sentry-ingest";

/**
 * What React Router hands the portal's handleError when a client makes a mistake (a POST to a page with no
 * action is React Router's 405): logged at info with a bounded path, never at error level, never reported.
 */
let ingest: SentryIngest;
beforeAll(async () => {
  ingest = await startSentryIngest();
  await startErrorReporting({ dsn: ingest.dsn, environment: "production", release: "test" });
});
afterAll(async () => {
  await startErrorReporting(null);
  await ingest.close();
});
afterEach(() => vi.restoreAllMocks());

/** The error React Router raises for a POST to a page that has no action (its ErrorResponse shape). */
const methodNotAllowed = {
  status: 405,
  statusText: "Method Not Allowed",
  internal: true,
  data: 'You made a POST request to "/profile/overview" but did not provide an `action`',
};

describe("client errors are not the portal's errors", () => {
  it("a 405 from React Router is an info line with a bounded path and no report; a real error is still reported", async () => {
    const { handleError } = await import("~/entry.server");
    const info = vi.spyOn(logger, "info");
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const longPath = `/profile/${"x".repeat(5000)}?token=secret`;
    handleError(methodNotAllowed, { request: new Request(`http://localhost:3000${longPath}`, { method: "POST" }) });
    expect(error).not.toHaveBeenCalled();
    await flushErrorReports();
    expect(ingest.received).toEqual([]);
    const [fields, message] = info.mock.calls.at(-1) ?? [];
    expect(message).toBe("client error");
    expect(fields).toMatchObject({ method: "POST", status: 405 });
    const path = (fields as { path: string }).path;
    expect(path.length).toBeLessThanOrEqual(LOGGED_PATH_MAX + 1);
    expect(path).not.toContain("secret");

    handleError(new Error("the database went away"), { request: new Request("http://localhost:3000/", { method: "GET" }) });
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === 1);
    expect(ingest.events()[0]).toMatchObject({ exception: { values: [{ type: "Error", value: "the database went away" }] } });
  });
});
