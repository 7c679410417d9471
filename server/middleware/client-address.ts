import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

/**
 * The client's address for the portal's per-address limits (barrier reports, the share-code source):
 * the connection's peer, or, through the proxies PORTAL_TRUSTED_PROXIES names (proxy-addr syntax:
 * `loopback`, `10.0.0.0/8`, ...), the nearest address they were given in X-Forwarded-For. Nothing is
 * believed by default, so a client cannot pick its own address; behind a proxy that is not named,
 * everyone shares the proxy's address.
 */
export function clientAddressResolver(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  const trust = proxyAddr.compile([...trustedProxies]);
  return (req) => (req.socket.remoteAddress ? proxyAddr(req, trust) : "");
}
