/**
 * The public origin of a deployment with several portal instances: a plain HTTP load balancer
 * without sticky sessions. It passes every request on unchanged (the Host header too, as the
 * README asks of a reverse proxy) plus the usual X-Forwarded-For/-Proto, to the instance the test
 * chose: one pinned instance, or each instance in turn. It records which instance served what.
 * It can also behave like a proxy that sends the instance's own address as Host, with or without
 * X-Forwarded-Host naming the public host.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Served {
  instance: string;
  method: string;
  /** Path without the query (queries carry codes and tokens). */
  path: string;
  status: number;
}

/** What the balancer sends as Host: the client's (the public host), or the instance's address. */
export type HostHandling = "pass" | "instance-address" | "instance-address-with-forwarded-host";

export interface LoadBalancer {
  /** The public origin, e.g. http://localhost:4321 — what PORTAL_URL names. */
  readonly url: string;
  readonly port: number;
  /** Every request from now on goes to `instance`. */
  pin(instance: string): void;
  /** Requests go to each instance in turn, starting with the first. */
  alternate(): void;
  hostHandling(handling: HostHandling): void;
  /** What each instance served, oldest first. */
  readonly served: readonly Served[];
  close(): Promise<void>;
}

/** `instances` maps a name to the port the instance listens on (127.0.0.1). */
export async function startLoadBalancer(instances: Record<string, number>): Promise<LoadBalancer> {
  const names = Object.keys(instances);
  let pinned: string | null = names[0] ?? null;
  let turn = 0;
  let hostHandling: HostHandling = "pass";
  const served: Served[] = [];

  function choose(): string {
    if (pinned) return pinned;
    const name = names[turn % names.length];
    turn += 1;
    if (name === undefined) throw new Error("the load balancer has no instances");
    return name;
  }

  function pass(incoming: IncomingMessage, outgoing: ServerResponse) {
    const instance = choose();
    const port = instances[instance];
    const headers = {
      ...incoming.headers,
      "x-forwarded-for": incoming.socket.remoteAddress ?? "",
      "x-forwarded-proto": "http",
      ...(hostHandling === "pass" ? {} : { host: `127.0.0.1:${port}` }),
      ...(hostHandling === "instance-address-with-forwarded-host" ? { "x-forwarded-host": incoming.headers.host } : {}),
    };
    const upstream = forward({ host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      served.push({
        instance,
        method: incoming.method ?? "GET",
        path: (incoming.url ?? "").split("?", 1)[0] ?? "",
        status: answer.statusCode ?? 0,
      });
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on("error", () => {
      served.push({ instance, method: incoming.method ?? "GET", path: (incoming.url ?? "").split("?", 1)[0] ?? "", status: 502 });
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  }

  const server = createServer(pass);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    port,
    pin(instance) {
      if (!names.includes(instance)) throw new Error(`no instance ${instance}`);
      pinned = instance;
    },
    alternate() {
      pinned = null;
      turn = 0;
    },
    hostHandling(handling) {
      hostHandling = handling;
    },
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
