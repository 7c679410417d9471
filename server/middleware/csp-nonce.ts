import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A CSP nonce never handed out before: 16 bytes of the system's cryptographic randomness, drawn 256
 * nonces at a time and each byte used once (a draw per response cost 40 µs of the lightest page's
 * CPU, this 1 µs: docs/performance.md).
 */
export function freshNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
