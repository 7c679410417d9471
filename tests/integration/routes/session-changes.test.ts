import { beforeEach, describe, expect, it } from "vitest";
import { callRoute } from "../../support/route-call";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * Who is signed in changes only through a POST the visitor chose. These reproduce the attacks a
 * cross-site GET could make: ending a participant's session through /auth/sign-in or
 * /session-expired, swapping it for someone else's through /results-link, and passing a portal
 * access token off as a results link.
 */
const idp = portalAgainstFakeProvider();

let cookie: string;
beforeEach(async () => {
  idp.reset();
  cookie = await signedInParticipant(idp);
});

/** Who the portal thinks this cookie belongs to now. */
async function signedInAs(sessionCookie: string): Promise<string | null> {
  const { readSession } = await import("~/services/session.server");
  const { session } = await readSession(new Request(`${PORTAL}/`, { headers: { Cookie: sessionCookie } }));
  return session ? `${session.tokenType}:${session.userId}` : null;
}

function crossSiteGet(path: string): Request {
  return new Request(`${PORTAL}${path}`, { headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" } });
}

const resultsLinkToken = (claims: Record<string, unknown>) => idp.signToken({ token_type: "ACCESS", ...claims }, idp.issuer);

describe("a GET never changes who is signed in", () => {
  it("/auth/sign-in with a live participant session goes to the page asked for and ends nothing", async () => {
    const { loader } = await import("~/routes/auth.sign-in");
    const response = await callRoute(loader, crossSiteGet("/auth/sign-in?returnTo=%2Fprofile%2Foverview"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/overview");
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/portal_session=;/);
    expect(await signedInAs(cookie)).toBe("IDP:P1001");
  });

  it("/session-expired with a live session goes back to the portal and ends nothing", async () => {
    const { loader } = await import("~/routes/session-expired");
    const response = await callRoute(loader, crossSiteGet("/session-expired"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await signedInAs(cookie)).toBe("IDP:P1001");
  });

  it("someone else's results link asks which session to keep, and swaps only on the POST", async () => {
    const { loader, action } = await import("~/routes/results-link");
    const token = await resultsLinkToken({ uid: "P2002", email: "lucia@example.test" });
    const asked = await callRoute(loader, crossSiteGet(`/results-link?access_token=${token}`));
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ choice: { kind: "open-results-link", accessToken: token } });
    expect(asked.headers.getSetCookie()).toEqual([]);
    expect(await signedInAs(cookie)).toBe("IDP:P1001");

    const chosen = await callRoute(
      action,
      new Request(`${PORTAL}/results-link`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ access_token: token }),
      }),
    );
    expect(chosen.status).toBe(302);
    expect(await signedInAs(cookie)).toBeNull();
    const newCookie = chosen.headers
      .getSetCookie()
      .find((line) => line.startsWith("portal_session="))
      ?.split(";")[0];
    expect(await signedInAs(newCookie ?? "")).toBe("ACCESS:P2002");
  });

  it("the swap cannot be posted from another site", async () => {
    const { action } = await import("~/routes/results-link");
    const token = await resultsLinkToken({ uid: "P2002" });
    const forged = await callRoute(
      action,
      new Request(`${PORTAL}/results-link`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: "https://attacker.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ access_token: token }),
      }),
    );
    expect(forged.status).toBe(403);
    expect(await signedInAs(cookie)).toBe("IDP:P1001");
  });
});

describe("only a results-link token opens a results link", () => {
  it("a portal access token (no ACCESS type) is refused with the translated reason", async () => {
    const { loader } = await import("~/routes/results-link");
    const portalAccessToken = await idp.signToken({ uid: "P1001" }, idp.issuer);
    const response = await callRoute(loader, new Request(`${PORTAL}/results-link?access_token=${portalAccessToken}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ refusal: { messageKey: "resultsLink.invalid" } });
  });

  it("a results-link token opens a reduced session when nobody is signed in", async () => {
    const { loader } = await import("~/routes/results-link");
    const token = await resultsLinkToken({ uid: "P2002" });
    const response = await callRoute(loader, new Request(`${PORTAL}/results-link?access_token=${token}`));
    expect(response.status).toBe(302);
    const newCookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith("portal_session="))
      ?.split(";")[0];
    expect(await signedInAs(newCookie ?? "")).toBe("ACCESS:P2002");
  });
});
