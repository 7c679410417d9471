import { beforeEach, describe, expect, it, vi } from "vitest";
import { callPortalRoute } from "../../support/route-call";
import { RESULTS_READY } from "./support/fake-identity-provider";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * My Results and its welcome banner, the routes called as React Router calls them: the banner shows
 * until the participant dismisses it, and the page learns that from the session read, in one query.
 */
const idp = portalAgainstFakeProvider();
let cookie: string;

beforeEach(async () => {
  idp.reset();
  idp.answerResults({
    ...RESULTS_READY,
    body: { ...RESULTS_READY.body, apps: [{ appID: "a1", appName: "traits", label: "Traits", labelEs: "Rasgos", type: "traits" }] },
  });
  cookie = await signedInParticipant(idp);
  const { database } = await import("~/services/db.server");
  await (await database()).query("DELETE FROM portal_participant_flags");
});

async function myResults(): Promise<{ screen: string; welcomeBanner: boolean }> {
  const { loader } = await import("~/routes/_portal._index");
  const response = await callPortalRoute(loader, new Request(`${PORTAL}/`, { headers: { Cookie: cookie } }));
  expect(response.status).toBe(200);
  return (await response.json()) as { screen: string; welcomeBanner: boolean };
}

describe("the welcome banner", () => {
  it("shows until dismissed, and the next request no longer shows it", async () => {
    expect(await myResults()).toMatchObject({ screen: "full", welcomeBanner: true });
    expect(await myResults()).toMatchObject({ screen: "full", welcomeBanner: true });

    const { action } = await import("~/routes/_portal.dashboard.banner");
    const dismissed = await callPortalRoute(
      action,
      new Request(`${PORTAL}/dashboard/banner`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ banner: "welcome" }),
      }),
    );
    expect(dismissed.status).toBe(303);
    expect(dismissed.headers.get("Location")).toBe("/");

    expect(await myResults()).toMatchObject({ screen: "full", welcomeBanner: false });
  });

  it("is known from the session read: the page makes one database query", async () => {
    const { database } = await import("~/services/db.server");
    const query = vi.spyOn(await database(), "query");
    try {
      expect(await myResults()).toMatchObject({ screen: "full", welcomeBanner: true });
      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0]?.[0]).toMatch(/FROM portal_sessions s WHERE s\.id_hash = \$1/);
    } finally {
      query.mockRestore();
    }
  });
});
