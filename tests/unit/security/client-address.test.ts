import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressResolver } from "../../../server/middleware/client-address.ts";

const request = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwarded ? { "x-forwarded-for": forwarded } : {},
  }) as unknown as IncomingMessage;

describe("the portal's client address for per-address limits", () => {
  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressResolver([])(request("203.0.113.9", "198.51.100.1"))).toBe("203.0.113.9");
  });

  it("is the nearest address a trusted proxy was given, so clients behind one proxy are told apart", () => {
    const resolve = clientAddressResolver(["10.0.0.0/8"]);
    expect(resolve(request("10.1.2.3", "198.51.100.1"))).toBe("198.51.100.1");
    expect(resolve(request("10.1.2.3", "198.51.100.2"))).toBe("198.51.100.2");
    // A client cannot pick its own: only the hop the trusted proxy added counts.
    expect(resolve(request("10.1.2.3", "192.0.2.66, 198.51.100.3"))).toBe("198.51.100.3");
    // From an untrusted peer the header is ignored.
    expect(resolve(request("203.0.113.9", "198.51.100.1"))).toBe("203.0.113.9");
  });
});
