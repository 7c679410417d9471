import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { env } from "~/services/env.server";
import { errorReporter } from "~/services/error-reporter.server";
import { logger, redactText, requestIdOf } from "~/services/logger.server";

/** Browser errors reach the error-reporting service only through this endpoint (no third-party script). */

const MAX_BODY_BYTES = 16 * 1024;
const portalOrigin = new URL(env.PORTAL_URL).origin;

const BrowserError = z.object({
  message: z.string().trim().min(1).max(2_000),
  stack: z.string().max(12_000).optional(),
  kind: z.enum(["error", "unhandledrejection"]).default("error"),
  path: z.string().max(2_048).optional(),
});

function noContent(status: number) {
  return new Response(null, { status, headers: { "Cache-Control": "no-store" } });
}

/** Only pages of the portal itself may report: browsers send Origin (or Sec-Fetch-Site) with every POST. */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === portalOrigin;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

async function readLimitedText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function fieldsOf(text: string, contentType: string): unknown {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return noContent(405);
  if (!isSameOrigin(request)) return noContent(403);
  const text = await readLimitedText(request);
  if (text === undefined) return noContent(413);
  const parsed = BrowserError.safeParse(fieldsOf(text, request.headers.get("Content-Type") ?? ""));
  if (!parsed.success) return noContent(400);

  const report = parsed.data;
  const requestId = requestIdOf(request);
  logger.debug({ requestId, kind: report.kind, error: redactText(report.message) }, "browser error");
  errorReporter.report({
    message: report.message,
    stack: report.stack,
    kind: report.kind,
    platform: "browser",
    level: "error",
    requestId,
    path: report.path,
  });
  return noContent(204);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
