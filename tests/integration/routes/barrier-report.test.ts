import { describe, expect, it } from "vitest";
import { createLoadContext } from "~/services/load-context.server";
import { callRoute } from "../../support/route-call";
import { PORTAL, portalAgainstFakeProvider } from "./support/portal-under-test";

/** 'Report a barrier' on the accessibility statement: stored, limited per source and per address, input kept. */
// The route needs the portal's settings and database; it calls neither provider nor results service.
portalAgainstFakeProvider();

async function report(form: Record<string, string>, clientAddress: string): Promise<Response> {
  const { action } = await import("~/routes/accessibility");
  const context = createLoadContext({ nonce: "n", requestId: "r", isDraining: () => false, clientAddress });
  return callRoute(
    action,
    new Request(`${PORTAL}/accessibility`, {
      method: "POST",
      headers: { Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
    context,
  );
}

const stored = async () =>
  (await (await import("~/services/db.server")).database()).query<{ reference: string; email: string; source_hash: string }>(
    "SELECT reference, email, source_hash FROM portal_barrier_reports ORDER BY created_at",
  );

const description = "The code field is not announced by my screen reader";

describe("reporting a barrier", () => {
  it("stores the report, keeps no client address, and shows its reference after the redirect", async () => {
    const response = await report({ page: "Sign-in", description, email: "first@example.test" }, "198.51.100.7");
    expect(response.status).toBe(303);
    const [row] = await stored();
    expect(response.headers.get("Location")).toBe(`/accessibility?reported=${row?.reference}#report-received`);
    expect(row?.reference).toMatch(/^BR-\d{4}-[2-9A-HJ-NP-Z]{6}$/);
    expect(row?.source_hash).not.toContain("198.51.100.7");

    const { loader } = await import("~/routes/accessibility");
    const page = async (reported: string) =>
      (await (await callRoute(loader, new Request(`${PORTAL}/accessibility?reported=${reported}`))).json()) as { received: string | null };
    expect((await page(row?.reference ?? "")).received).toBe(row?.reference);
    expect((await page("BR-2026-ZZZZZZ")).received).toBeNull();
  });

  it("a report with problems is a 400 that keeps what was typed", async () => {
    const response = await report({ page: "My Results", description: "short", email: "not an address" }, "198.51.100.8");
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { initialValue: Record<string, string>; error: Record<string, string[]> } };
    expect(result.initialValue).toMatchObject({ page: "My Results", description: "short", email: "not an address" });
    expect(result.error).toMatchObject({ description: ["report.errors.descriptionTooShort"], email: ["report.errors.emailInvalid"] });
  });

  it("one address is acknowledged at most three times a day, from any source; the fourth is a 429 with the input kept", async () => {
    const email = "Repeat@Example.test";
    for (const source of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
      expect((await report({ description, email }, source)).status).toBe(303);
    const refused = await report({ description: `${description} again`, email: email.toLowerCase() }, "203.0.113.4");
    expect(refused.status).toBe(429);
    const { result } = (await refused.json()) as { result: { initialValue: Record<string, string>; error: Record<string, string[]> } };
    expect(result.initialValue.description).toBe(`${description} again`);
    expect(result.error[""]).toEqual(["report.tooMany"]);
  });

  it("tagged variants of one mailbox ('name+1@') count as that mailbox", async () => {
    for (const tag of ["one", "two", "three"])
      expect((await report({ description, email: `tagged+${tag}@example.test` }, `203.0.113.${20 + tag.length}`)).status).toBe(303);
    expect((await report({ description, email: "Tagged+four@Example.test" }, "203.0.113.30")).status).toBe(429);
    expect((await report({ description, email: "tagged@example.test" }, "203.0.113.31")).status).toBe(429);
  });

  it("one source sends at most twenty an hour, whatever the addresses", async () => {
    for (let index = 0; index < 20; index += 1)
      expect((await report({ description, email: `person${index}@example.test` }, "192.0.2.55")).status).toBe(303);
    expect((await report({ description, email: "person20@example.test" }, "192.0.2.55")).status).toBe(429);
    expect((await report({ description, email: "person20@example.test" }, "192.0.2.56")).status).toBe(303);
  });
});
