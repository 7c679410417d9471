import { parse, serialize, type SerializeOptions } from "cookie";
import { sign, unsign } from "cookie-signature";
import type { Cookie } from "react-router";

export interface SignedCookieOptions extends Omit<SerializeOptions, "encode"> {
  /** The first signs; every one is tried when reading, so a secret can be rotated. */
  secrets: readonly [string, ...string[]];
}

/**
 * React Router's signed cookie (the value as base64 JSON, then "." and its HMAC-SHA256 in base64),
 * checked with Node's HMAC. React Router's own `createCookie` imports a Web Crypto key for every
 * signature it checks or makes: 5 % of a dashboard request's CPU in its profile (docs/performance.md).
 * The two read and write each other's cookies, so sessions survive the change.
 */
export function createSignedCookie(name: string, { secrets, ...options }: SignedCookieOptions): Cookie {
  const defaults: SerializeOptions = { path: "/", sameSite: "lax", ...options };
  return {
    name,
    isSigned: true,
    get expires() {
      return defaults.maxAge !== undefined ? new Date(Date.now() + defaults.maxAge * 1000) : defaults.expires;
    },
    parse(cookieHeader) {
      if (!cookieHeader) return Promise.resolve(null);
      const value = parse(cookieHeader)[name];
      if (value === undefined) return Promise.resolve(null);
      return Promise.resolve(value === "" ? "" : verified(value, secrets));
    },
    serialize(value: unknown, serializeOptions?: SerializeOptions) {
      const encoded = value === "" ? "" : sign(Buffer.from(JSON.stringify(value), "utf8").toString("base64"), secrets[0]);
      return Promise.resolve(serialize(name, encoded, { ...defaults, ...serializeOptions }));
    },
  };
}

function verified(signed: string, secrets: readonly string[]): unknown {
  for (const secret of secrets) {
    const payload = unsign(signed, secret);
    if (payload !== false) return decoded(payload);
  }
  return null;
}

/** A payload that does not decode reads as `{}`, as React Router's cookies do. */
function decoded(payload: string): unknown {
  try {
    return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return {};
  }
}
