import { beforeEach, describe, expect, it } from "vitest";
import { testLoadContext } from "../../support/load-context";
import { callPortalRoute } from "../../support/route-call";
import { RESULTS_READY } from "./support/fake-identity-provider";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * A page request runs the profile layout's loader and the page's in one context, as React Router does for
 * one document request: the results service is asked once, not once per loader.
 */
const idp = portalAgainstFakeProvider();
let cookie: string;

beforeEach(async () => {
  idp.reset();
  idp.answerResults(RESULTS_READY);
  cookie = await signedInParticipant(idp);
  // Signing in reads the participant's name; only the pages' calls are counted.
  idp.resultsRequests.length = 0;
});

describe("My Studies, one request", () => {
  it("asks the results service once for the layout and the page together", async () => {
    const layout = await import("~/routes/_portal.profile");
    const studies = await import("~/routes/_portal.profile.studies");
    const request = () => new Request(`${PORTAL}/profile/studies`, { headers: { Cookie: cookie } });
    const context = testLoadContext();
    const [layoutAnswer, pageAnswer] = await Promise.all([
      callPortalRoute(layout.loader, request(), context),
      callPortalRoute(studies.loader, request(), context),
    ]);
    expect(layoutAnswer.status).toBe(200);
    expect(await layoutAnswer.json()).toMatchObject({ canSeeStudies: true, person: { name: "Ada Testwell" } });
    expect(pageAnswer.status).toBe(200);
    expect(idp.resultsRequests).toEqual(["/results/P1001"]);
  });

  it("asks again for the next request", async () => {
    const studies = await import("~/routes/_portal.profile.studies");
    for (let page = 0; page < 2; page += 1) {
      await callPortalRoute(studies.loader, new Request(`${PORTAL}/profile/studies`, { headers: { Cookie: cookie } }));
    }
    expect(idp.resultsRequests).toHaveLength(2);
  });
});
