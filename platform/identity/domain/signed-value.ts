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
  // A key may also sign another format (the security check's secret signs its ALTCHA challenges): a body that verifies is not always ours.
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

function mac(key: string, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}
