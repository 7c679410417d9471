import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/locales/resources.server";
import { languageCookie } from "~/services/language.server";
import { logger } from "~/services/logger.server";
import { renderRefusalPage } from "~/services/refusal-page.server";
import { createPortalApp } from "../../../server/app.ts";
import { sentHeaders } from "../../support/sent-headers";

/**
 * A page's translations are files of their own, not part of the page: the built portal behind the
 * server file, asked for the expired-session screen (no session needed) in both languages.
 */

const portalOrigin = new URL(process.env.PORTAL_URL ?? "http://localhost:3000").origin;
let server: Server;
let base: string;

beforeAll(async () => {
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const { app } = createPortalApp({
    config: { portalOrigin, idpOrigin: "http://localhost:3001", production: false },
    logger: logger.child({}, { level: "silent" }),
    edge: { renderRefusalPage },
    build,
    clientDir: path.resolve("build/client"),
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function leafStrings(catalog: unknown): string[] {
  if (typeof catalog === "string") return [catalog];
  return typeof catalog === "object" && catalog !== null ? Object.values(catalog).flatMap(leafStrings) : [];
}

describe.each(["en", "es"] as const)("the translations of a page (%s)", (language) => {
  const page = async () =>
    fetch(`${base}/session-expired`, { headers: { Cookie: (await languageCookie.serialize(language)).split(";")[0]! } });

  it("are not in the page's data for its script: none of its catalogs' strings is there", async () => {
    const html = await (await page()).text();
    expect(html).toContain(`<html lang="${language}"`);
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body).join("\n");
    // The root's data carries the document's title strings (`meta`) as page data.
    const { meta, ...common } = resources[language].common;
    expect(scripts).toContain(JSON.stringify(meta.title).slice(1, -1));
    const titles = leafStrings(meta);
    const strings = [...leafStrings(common), ...leafStrings(resources[language].ui)].filter(
      (text) => text.length > 12 && !titles.some((title) => title.includes(text)),
    );
    expect(strings.length).toBeGreaterThan(40);
    for (const text of strings) expect(scripts).not.toContain(JSON.stringify(text).slice(1, -1));
  });

  it("are listed on the page and served as the language's catalogs, cached for a year and compressed", async () => {
    const html = await (await page()).text();
    const files = /<html\b[^>]*\bdata-catalogs="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
    expect(files).toHaveLength(2);
    const served = await Promise.all(files.map(async (file) => (await fetch(`${base}${file}`)).json()));
    const { programName, ...common } = resources[language].common;
    expect(served).toEqual([common, resources[language].ui]);
    expect(programName).toBeTruthy();
    const headers = await sentHeaders(`${base}${files[0]}`);
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-encoding"]).toBe("gzip");
  });
});
