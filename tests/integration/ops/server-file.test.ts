import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortalApp } from "../../../server/app.ts";
import { routeBuild } from "../../support/route-build";
import { sentHeaders, sentResponse } from "../../support/sent-headers";

/** What the server file does for every response, besides the guard and the log (their own suites). */

const clientDir = mkdtempSync(path.join(tmpdir(), "server-file-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(path.join(clientDir, "assets", "entry.client-ABC123.js"), `export const x = ${JSON.stringify("x".repeat(4000))};`);
writeFileSync(path.join(clientDir, "favicon.ico"), "icon");
const servers: Server[] = [];
const pageHtml = `<!DOCTYPE html><main>${Array.from({ length: 400 }, (_, step) => `<p class="step-${step % 7}">Step ${step}</p>`).join("")}</main>`;

async function serve(production: boolean): Promise<string> {
  const { app } = createPortalApp({
    config: { portalOrigin: "http://localhost:3000", idpOrigin: "http://localhost:3001", production },
    logger: pino({ level: "silent" }),
    edge: { renderRefusalPage: async () => "refused" },
    clientDir,
    app: (req, res) => {
      if (req.path === "/data") return void res.type("application/json").send(JSON.stringify({ words: "y".repeat(4000) }));
      res.type("text/html").send(pageHtml);
    },
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let development: string;
let production: string;

beforeAll(async () => {
  development = await serve(false);
  production = await serve(true);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe("the server file's responses", () => {
  it("serves /assets files for a year, never revalidated, and compressed", async () => {
    const headers = await sentHeaders(`${development}/assets/entry.client-ABC123.js`);
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-encoding"]).toBe("gzip");
  });

  it("compresses pages but not small data answers, and serves the favicon by name", async () => {
    expect((await sentHeaders(`${development}/`))["content-encoding"]).toBe("gzip");
    expect((await sentHeaders(`${development}/data`))["content-encoding"]).toBeUndefined();
    const favicon = await fetch(`${development}/favicon.ico`);
    expect(await favicon.text()).toBe("icon");
  });

  it("answers a browser in brotli with a 64 KB window, which a page fits in whole", async () => {
    const page = await sentResponse(`${development}/`, "gzip, deflate, br, zstd");
    expect(page.headers["content-encoding"]).toBe("br");
    const html = Buffer.from(pageHtml);
    // The compression package's quality, 4.
    const quality = { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 };
    expect(page.body).toEqual(brotliCompressSync(html, { params: { ...quality, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 } }));
    expect(page.body).not.toEqual(brotliCompressSync(html, { params: quality }));
  });

  it("puts the nonce policy on every response, and HSTS only outside development", async () => {
    const page = await sentHeaders(`${development}/`);
    expect(page["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(page["strict-transport-security"]).toBeUndefined();
    expect((await sentHeaders(`${production}/`))["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const nonces = new Set(
      await Promise.all([1, 2, 3].map(async () => String((await sentHeaders(`${development}/`))["content-security-policy"]))),
    );
    expect(nonces.size).toBe(3);
  });
});

describe("the request React Router is given", () => {
  it("is addressed to PORTAL_URL, whatever Host a proxy passes on and whether or not it terminated TLS", async () => {
    const { app } = createPortalApp({
      config: { portalOrigin: "https://portal.example.test", idpOrigin: "https://id.example.test", production: true },
      logger: pino({ level: "silent" }),
      edge: { renderRefusalPage: async () => "refused" },
      build: routeBuild({
        echo: { path: "echo", module: { loader: ({ request }: { request: Request }) => Response.json({ url: request.url }) } },
      }),
    });
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/echo?x=1`);
    expect(await answer.json()).toEqual({ url: "https://portal.example.test/echo?x=1" });
  });
});
