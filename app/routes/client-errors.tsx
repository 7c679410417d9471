import * as z from "zod";
import { reportBrowserError } from "~/services/error-reporter.server";
import { readLimitedText } from "~/services/form-body.server";
import { logger, redactText, requestIdOf } from "~/services/logger.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import type { Route } from "./+types/client-errors";

/** Browser errors reach the error-reporting service only through this endpoint (no third-party script). */

const BrowserError = z.object({
  message: z.string().trim().min(1).max(2_000),
  stack: z.string().max(12_000).optional(),
  kind: z.enum(["error", "unhandledrejection"]).default("error"),
  path: z.string().max(2_048).optional(),
});

function noContent(status: number) {
  return new Response(null, { status, headers: { "Cache-Control": "no-store" } });
}

function fieldsOf(text: string, contentType: string): unknown {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return noContent(405);
  // Only pages of the portal itself may report: a request that does not show it came from one is refused.
  assertSameOrigin(request, { requirePortalPage: true });
  const text = await readLimitedText(request, 16 * 1024);
  const parsed = BrowserError.safeParse(fieldsOf(text, request.headers.get("Content-Type") ?? ""));
  if (!parsed.success) return noContent(400);

  const report = parsed.data;
  const requestId = requestIdOf(request);
  logger.debug({ requestId, kind: report.kind, error: redactText(report.message) }, "browser error");
  reportBrowserError({ ...report, requestId });
  return noContent(204);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
