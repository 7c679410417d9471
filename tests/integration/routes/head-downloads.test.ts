import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPortalApp } from "../../../server/app.ts";
import { routeBuild } from "../../support/route-build";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * A HEAD request for a download the portal streams from the results service (a participant's data
 * export, a clinician's shared report) is answered with the file's headers, and the portal lets go of
 * the results service's body at once: nothing is held open for an answer that carries no body.
 */
const idp = portalAgainstFakeProvider();
let server: Server;
let base: string;

beforeAll(async () => {
  const { app } = createPortalApp({
    config: { portalOrigin: PORTAL, idpOrigin: idp.issuer, production: false },
    logger: pino({ level: "silent" }),
    edge: { renderRefusalPage: async () => "refused" },
    // The two download routes behind the portal's server edge (server/app.ts).
    build: routeBuild(
      {
        // The signed-in layout's middleware (the session, no-store) around the export, as in the app.
        portal: { path: "", module: { middleware: (await import("~/routes/_portal")).middleware } },
        export: {
          path: "profile/data-export/:exportId",
          parentId: "portal",
          module: await import("~/routes/_portal.profile.data-export.$exportId"),
        },
        report: { path: "shared/report.pdf", module: await import("~/routes/shared.report[.pdf]") },
      },
      { createLoadContext: (await import("~/services/load-context.server")).createLoadContext },
    ),
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function clinicianCookie(): Promise<string> {
  const { clinicianAccessCookie } = await import("~/services/report-shares.server");
  return (await clinicianAccessCookie.serialize("a".repeat(43))).split(";")[0] ?? "";
}

describe("HEAD on a streamed download", () => {
  it("answers a participant's data export without a released ticket by sending them to confirm, opening no body", async () => {
    const cookie = await signedInParticipant(idp);
    const head = await fetch(`${base}/profile/data-export/e1`, { method: "HEAD", headers: { Cookie: cookie }, redirect: "manual" });
    // Raw genetic data needs a fresh second factor first: a HEAD neither spends a ticket nor opens the archive.
    expect(head.status).toBe(302);
    expect(head.headers.get("location")).toMatch(/^\/download/);
    expect(idp.filesBeingSent()).toBe(0);

    // With the ticket the download page released, a HEAD (a link checker, a download manager's probe)
    // still opens nothing and leaves the ticket for the download itself.
    const { requireVisitor, saveFlowState } = await import("~/services/session.server");
    const { DOWNLOAD_FLOW } = await import("~/services/raw-data-download.server");
    const ticket = "t".repeat(43);
    await saveFlowState(await requireVisitor(new Request(`${PORTAL}/`, { headers: { Cookie: cookie } })), DOWNLOAD_FLOW, {
      target: { kind: "archive", exportId: "e1" },
      step: "ready",
      method: "sms",
      phoneNumber: "",
      released: { kind: "archive", ticket, proof: "a-proof", until: Date.now() + 60_000 },
    });
    const probed = await fetch(`${base}/profile/data-export/e1?ticket=${ticket}`, {
      method: "HEAD",
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(probed.status).toBe(302);
    expect(idp.filesBeingSent()).toBe(0);
    const downloaded = await fetch(`${base}/profile/data-export/e1?ticket=${ticket}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-disposition")).toContain("attachment");
    // The fake results service sends for as long as it is read: the first bytes, then let go.
    const reader = downloaded.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    await reader.cancel();
    await vi.waitFor(() => expect(idp.filesBeingSent()).toBe(0), { timeout: 5_000 });
  });

  it("answers a clinician's shared report with its headers and lets go of the results service's body", async () => {
    const head = await fetch(`${base}/shared/report.pdf`, { method: "HEAD", headers: { Cookie: await clinicianCookie() } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/pdf");
    await vi.waitFor(() => expect(idp.filesBeingSent()).toBe(0), { timeout: 5_000 });
  });

  it("still sends the file itself to a GET", async () => {
    const controller = new AbortController();
    const get = await fetch(`${base}/shared/report.pdf`, { headers: { Cookie: await clinicianCookie() }, signal: controller.signal });
    expect(get.status).toBe(200);
    const reader = get.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    expect(idp.filesBeingSent()).toBe(1);
    controller.abort();
    await vi.waitFor(() => expect(idp.filesBeingSent()).toBe(0), { timeout: 5_000 });
  });
});
