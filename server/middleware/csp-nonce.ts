import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A CSP nonce never handed out before: 16 bytes of the system's cryptographic randomness, drawn 256
 * nonces at a time (one system call per draw cost more than the page's headers together, measured
 * in docs/performance.md), each byte used once.
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
