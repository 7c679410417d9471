import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxiesFrom } from "../../../platform/identity/http/io.ts";

const requestFrom = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  }) as unknown as IncomingMessage;

describe("the client address that per-address limits count", () => {
  it("is the socket's by default, whatever X-Forwarded-For claims", () => {
    const trustNone = trustedProxiesFrom([]);
    expect(clientAddress(requestFrom("198.51.100.7", "203.0.113.9"), trustNone)).toBe("198.51.100.7");
    expect(clientAddress(requestFrom("127.0.0.1", "203.0.113.9"), trustNone)).toBe("127.0.0.1");
  });

  it("is the nearest untrusted hop when the request came through a configured proxy", () => {
    const trustLoopback = trustedProxiesFrom(["loopback"]);
    expect(clientAddress(requestFrom("127.0.0.1", "203.0.113.9"), trustLoopback)).toBe("203.0.113.9");
    // A client cannot hide behind a forged hop: only the proxy's own addition is believed.
    expect(clientAddress(requestFrom("127.0.0.1", "10.9.9.9, 203.0.113.9"), trustLoopback)).toBe("203.0.113.9");
    // A request that did not come through the proxy is counted by its own address.
    expect(clientAddress(requestFrom("198.51.100.7", "203.0.113.9"), trustLoopback)).toBe("198.51.100.7");
  });

  it("accepts ranges for a proxy tier", () => {
    const trustRange = trustedProxiesFrom(["10.0.0.0/8"]);
    expect(clientAddress(requestFrom("10.1.2.3", "203.0.113.9, 10.4.5.6"), trustRange)).toBe("203.0.113.9");
  });
});
