/**
 * Request bodies for the portal and both services: read under a byte limit, then parsed as JSON
 * or as a urlencoded form. A body that breaks a rule is the caller's mistake (4xx), never a 500.
 */
export class BodyRejectedError extends Error {
  readonly status: 400 | 413;

  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
    this.name = "BodyRejectedError";
  }
}

/** Past the limit, at most this much more is read and dropped, so the refusal can be written before the connection closes. */
const DISCARD_BUDGET_BYTES = 1024 * 1024;

async function discardRest(chunks: AsyncIterator<Uint8Array>): Promise<void> {
  let discarded = 0;
  try {
    // Leaving the loop returns the iterator, which lets the stream go.
    for await (const value of { [Symbol.asyncIterator]: () => chunks }) {
      discarded += value.byteLength;
      if (discarded > DISCARD_BUDGET_BYTES) return;
    }
  } catch {
    // The client went away: nothing left to drop.
  }
}

/**
 * The whole body, refused with 413 once it passes `limitBytes`: first by its declared
 * Content-Length, then by counting bytes as they stream in (chunked bodies declare none).
 */
export async function readBodyBytes(
  body: AsyncIterable<Uint8Array> | null,
  limitBytes: number,
  declaredLength?: string | null,
): Promise<Buffer> {
  if (declaredLength != null && Number(declaredLength) > limitBytes) throw new BodyRejectedError(413, "The request body is too large");
  if (!body) return Buffer.alloc(0);
  const chunks = body[Symbol.asyncIterator]();
  const received: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await chunks.next();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      void discardRest(chunks);
      throw new BodyRejectedError(413, "The request body is too large");
    }
    received.push(value);
  }
  return Buffer.concat(received);
}

export async function readBodyText(body: AsyncIterable<Uint8Array> | null, limitBytes: number, declaredLength?: string | null) {
  return (await readBodyBytes(body, limitBytes, declaredLength)).toString("utf8");
}

/** An empty body is an empty object; anything else must be valid JSON. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyRejectedError(400, "The request body is not valid JSON");
  }
}

/**
 * A urlencoded form as the first value of each field. A NUL character has no place in any field
 * (PostgreSQL refuses it in text), so a form carrying one is refused whole.
 */
export function parseFormBody(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key.includes("\u0000") || value.includes("\u0000")) throw new BodyRejectedError(400, "The form contains a NUL character");
    if (!(key in form)) form[key] = value;
  }
  return form;
}
