import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { measureLoad } from "../../../scripts/bench/load.ts";

/**
 * `npm run bench` reports two p99s: every answer, and the answers on connections already open. A server
 * that is slow to answer each connection's first request only (as a busy portal is slow to accept a new
 * connection) must show in the first and not in the second.
 */
const FIRST_ANSWER_DELAY_MS = 1_000;
/** Later answers take a while too, so that the first answers are more than 1 % of all. */
const LATER_ANSWER_DELAY_MS = 50;
let server: Server;
let url: string;

beforeAll(async () => {
  const answered = new WeakSet<object>();
  server = createServer((req, res) => {
    const delay = answered.has(req.socket) ? LATER_ANSWER_DELAY_MS : FIRST_ANSWER_DELAY_MS;
    answered.add(req.socket);
    setTimeout(() => res.end("ok"), delay);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("leaves each connection's first answer out of the p99 on open connections, and only there", async () => {
  const figures = await measureLoad({ url }, { connections: 4, durationSeconds: 2 });

  expect(figures.failures).toBe(0);
  expect(figures.latencyP99Ms).toBeGreaterThanOrEqual(FIRST_ANSWER_DELAY_MS);
  expect(figures.latencyP99OpenMs).toBeLessThan(FIRST_ANSWER_DELAY_MS);
});
