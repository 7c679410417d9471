/**
 * Framing of PostgreSQL's frontend/backend protocol (version 3), as far as the embedded database
 * server needs it: cutting a client's byte stream into messages and telling where one client's
 * unit of work ends. https://www.postgresql.org/docs/current/protocol-message-formats.html
 */

const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSS_ENCRYPTION_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;

/** A message sent before the session starts: it has no type byte, only its length and a code. */
export type OpeningMessage =
  { kind: "startup"; bytes: Buffer } | { kind: "ssl-request" } | { kind: "gss-request" } | { kind: "cancel" } | { kind: "unsupported" };

/** One opening message from the start of `buffer` and the bytes after it, or null while it is incomplete. */
export function takeOpeningMessage(buffer: Buffer): { message: OpeningMessage; rest: Buffer } | null {
  if (buffer.length < 8) return null;
  const length = buffer.readInt32BE(0);
  if (length < 8 || length > 10_000) return { message: { kind: "unsupported" }, rest: Buffer.alloc(0) };
  if (buffer.length < length) return null;
  const code = buffer.readInt32BE(4);
  const rest = buffer.subarray(length);
  if (code === PROTOCOL_3) return { message: { kind: "startup", bytes: Buffer.from(buffer.subarray(0, length)) }, rest };
  if (code === SSL_REQUEST) return { message: { kind: "ssl-request" }, rest };
  if (code === GSS_ENCRYPTION_REQUEST) return { message: { kind: "gss-request" }, rest };
  if (code === CANCEL_REQUEST) return { message: { kind: "cancel" }, rest };
  return { message: { kind: "unsupported" }, rest: Buffer.alloc(0) };
}

export interface TypedMessage {
  /** The message's type byte as a character ('Q', 'P', 'B', 'E', 'S', 'X', …). */
  type: string;
  bytes: Buffer;
}

/** Every complete typed message at the start of `buffer`, and the incomplete remainder. */
export function takeTypedMessages(buffer: Buffer): { messages: TypedMessage[]; rest: Buffer } {
  const messages: TypedMessage[] = [];
  let offset = 0;
  while (buffer.length - offset >= 5) {
    const end = offset + 1 + buffer.readInt32BE(offset + 1);
    if (end > buffer.length) break;
    messages.push({ type: String.fromCharCode(buffer[offset]!), bytes: buffer.subarray(offset, end) });
    offset = end;
  }
  return { messages, rest: buffer.subarray(offset) };
}

/**
 * Whether the database should answer now: a simple query and a Sync end a unit of work (the server
 * then reports its transaction status), a Flush asks for what is pending without ending it.
 */
export function endsExchange(type: string): boolean {
  return type === "Q" || type === "S" || type === "H";
}

/** Whether the message completes a unit of work after which the client may give the database up. */
export function endsUnitOfWork(type: string): boolean {
  return type === "Q" || type === "S";
}

/**
 * The transaction status of the last ReadyForQuery ('Z') in a backend reply: "I" idle, "T" in a
 * transaction, "E" in a failed transaction; null when the reply has none.
 */
export function lastTransactionStatus(reply: Uint8Array): "I" | "T" | "E" | null {
  let offset = 0;
  let status: "I" | "T" | "E" | null = null;
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  while (reply.length - offset >= 5) {
    const type = reply[offset];
    const end = offset + 1 + view.getInt32(offset + 1);
    if (end > reply.length) break;
    if (type === 0x5a && end - offset === 6) status = String.fromCharCode(reply[offset + 5]!) as "I" | "T" | "E";
    offset = end;
  }
  return status;
}

/** An ErrorResponse ('E') a client shows as a PostgreSQL error, with SQLSTATE `code`. */
export function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, "utf8"), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0, "latin1");
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}
