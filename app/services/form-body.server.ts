import { STATUS_CODES } from "node:http";
import { BodyRejectedError, readBodyBytes } from "../../lib/http/index.ts";
import { FORM_BODY_LIMIT_BYTES } from "../../lib/http/same-origin.ts";

/**
 * The one way actions read a posted form. The portal's forms are a few short fields, so a body above
 * FORM_BODY_LIMIT_BYTES is refused with 413 before it is buffered (by Content-Length, then as it
 * streams in); an unreadable body is a 400, another content type a 415 — never a 500.
 */
export { FORM_BODY_LIMIT_BYTES };

function refuse(status: 400 | 413 | 415): Response {
  return new Response(null, { status, statusText: STATUS_CODES[status], headers: { "Cache-Control": "no-store" } });
}

async function readLimited(request: Request, limit: number): Promise<Buffer> {
  try {
    return await readBodyBytes(request.body, limit, request.headers.get("Content-Length"));
  } catch (error) {
    if (error instanceof BodyRejectedError) throw refuse(error.status);
    throw error;
  }
}

/** The body as UTF-8 text, under the same limit; for bodies that are not forms (browser error reports). */
export async function readLimitedText(request: Request, limit: number = FORM_BODY_LIMIT_BYTES): Promise<string> {
  return Buffer.from(await readLimited(request, limit)).toString("utf8");
}

export async function readForm(request: Request): Promise<FormData> {
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const body = await readLimited(request, FORM_BODY_LIMIT_BYTES);
  const formType = contentType || "application/x-www-form-urlencoded";
  if (!formType.startsWith("application/x-www-form-urlencoded") && !formType.startsWith("multipart/form-data")) throw refuse(415);
  try {
    return await new Response(Buffer.from(body), { headers: { "Content-Type": formType } }).formData();
  } catch {
    throw refuse(400);
  }
}
