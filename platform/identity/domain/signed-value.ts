import { createHmac } from "node:crypto";
import { sameSecret } from "./codes.ts";

/** "<base64url JSON>.<hmac>" signed with the first key, verified against any key (rotation). */
export function signValue(keys: readonly string[], value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${body}.${mac(keys[0]!, body)}`;
}

export function verifySignedValue(keys: readonly string[], signed: string | undefined): unknown {
  if (!signed) return null;
  const [body, signature] = signed.split(".");
  if (!body || !signature) return null;
  if (!keys.some((key) => sameSecret(signature, mac(key, body)))) return null;
  // Only signValue makes a body that verifies: it is JSON.
  return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
}

function mac(key: string, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}
