import { beforeAll, describe, expect, it } from "vitest";
import { callPortalRoute } from "../../support/route-call";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

const idp = portalAgainstFakeProvider();
let cookie: string;

beforeAll(async () => {
  cookie = await signedInParticipant(idp);
});

const post = (body: string) =>
  new Request(`${PORTAL}/profile/security/notifications`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

describe("the notification settings form", () => {
  it.each([
    ["a step that cannot be chosen", "email=on&step=1"],
    ["a made-up step", "step=health"],
    ["e-mail given a value of its own", "email=yes&step=2"],
    ["e-mail twice", "email=on&email=on"],
  ])("refuses %s with a 400", async (_name, body) => {
    const route = await import("~/routes/_portal.profile.security_.notifications");
    expect((await callPortalRoute(route.action, post(body))).status).toBe(400);
  });

  it("takes the settings as the section sends them and goes back to Login & Security, saying whether they were saved", async () => {
    const route = await import("~/routes/_portal.profile.security_.notifications");
    const answer = await callPortalRoute(route.action, post("email=on&step=2&step=5"));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/profile/security");
    expect(answer.headers.get("set-cookie")).toContain("portal_flash=");
  });

  it("refuses a form posted from another site", async () => {
    const route = await import("~/routes/_portal.profile.security_.notifications");
    const request = new Request(`${PORTAL}/profile/security/notifications`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=on",
    });
    expect((await callPortalRoute(route.action, request)).status).toBe(403);
  });
});
