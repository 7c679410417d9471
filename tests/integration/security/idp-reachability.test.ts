import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createReachabilityCheck } from "~/services/idp.server";

/** A discovery endpoint whose answer the test sets; counts the requests it gets. */
async function fakeProvider(answer: (respond: (status: number) => void) => void) {
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests += 1;
    answer((status) => response.writeHead(status).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/openid-configuration`);
  return { url, requests: () => requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())), server };
}

const open: { close(): Promise<void>; server: Server }[] = [];
afterEach(async () => {
  for (const provider of open.splice(0)) {
    provider.server.closeAllConnections();
    await provider.close();
  }
});

describe("identity provider reachability", () => {
  it("trusts a success for the remembered time, then asks again", async () => {
    const provider = await fakeProvider((respond) => respond(200));
    open.push(provider);
    let now = 1_000;
    const check = createReachabilityCheck(() => provider.url, { timeoutMs: 500, rememberMs: 5_000, now: () => now });
    expect(await check.reachable()).toBe(true);
    now += 4_999;
    expect(await check.reachable()).toBe(true);
    expect(provider.requests()).toBe(1);
    now += 1;
    expect(await check.reachable()).toBe(true);
    expect(provider.requests()).toBe(2);
  });

  it("lets concurrent callers share one check", async () => {
    const provider = await fakeProvider((respond) => respond(200));
    open.push(provider);
    const check = createReachabilityCheck(() => provider.url, { timeoutMs: 500, rememberMs: 5_000 });
    expect(await Promise.all(Array.from({ length: 20 }, () => check.reachable()))).toEqual(Array(20).fill(true));
    expect(provider.requests()).toBe(1);
  });

  it("counts an error answer, a refused connection and a hung answer as unreachable, and does not remember a failure", async () => {
    let status = 503;
    const provider = await fakeProvider((respond) => respond(status));
    open.push(provider);
    const check = createReachabilityCheck(() => provider.url, { timeoutMs: 300, rememberMs: 5_000 });
    expect(await check.reachable()).toBe(false);
    status = 200;
    expect(await check.reachable()).toBe(true);

    const stopped = createReachabilityCheck(() => new URL("http://127.0.0.1:9/.well-known/openid-configuration"), {
      timeoutMs: 300,
      rememberMs: 5_000,
    });
    expect(await stopped.reachable()).toBe(false);

    const hung = await fakeProvider(() => undefined);
    open.push(hung);
    const slow = createReachabilityCheck(() => hung.url, { timeoutMs: 300, rememberMs: 5_000 });
    const startedAt = Date.now();
    expect(await slow.reachable()).toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it("counts an answer another request has just had", async () => {
    const provider = await fakeProvider((respond) => respond(503));
    open.push(provider);
    const check = createReachabilityCheck(() => provider.url, { timeoutMs: 300, rememberMs: 5_000 });
    check.markReached();
    expect(await check.reachable()).toBe(true);
    expect(provider.requests()).toBe(0);
  });
});
