import { beforeEach, describe, expect, it } from "vitest";
import { zonedTimeToInstant } from "~/domain/counselling";
import { callPortalRoute } from "../../support/route-call";
import { RESULTS_READY, type ScriptedAnswer } from "./support/fake-identity-provider";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * The counselling form's action, called as React Router calls it, against a results service that
 * answers each way the contract allows: the participant always gets their form back as they typed
 * it, with the reason, and a status a client can tell apart.
 */
const idp = portalAgainstFakeProvider();
let cookie: string;

const HEALTH = { appID: "h1", appName: "health", label: "Health", labelEs: "Salud", type: "health" };
const TRAITS = { appID: "t1", appName: "traits", label: "Traits", labelEs: "Rasgos", type: "traits" };
const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const typed = {
  appId: "h1",
  contact: "phone",
  language: "es",
  timeZone: "America/Chicago",
  window1Date: day,
  window1From: "09:00",
  window1To: "11:00",
  note: "Por la tarde, por favor",
};
const request = {
  id: "5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10",
  appId: "h1",
  contact: "phone",
  language: "es",
  timeZone: "America/Chicago",
  windows: [{ start: `${day}T14:00:00.000Z`, end: `${day}T16:00:00.000Z` }],
  note: "Por la tarde, por favor",
  state: "requested",
  scheduledFor: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

beforeEach(async () => {
  idp.reset();
  idp.answerResults({ ...RESULTS_READY, body: { ...RESULTS_READY.body, kitStatus: 5, apps: [HEALTH, TRAITS] } });
  cookie = await signedInParticipant(idp);
});

async function send(answer: ScriptedAnswer) {
  const sent: Record<string, unknown>[] = [];
  idp.answerResultsCalls("counselling", (method, body) => {
    if (method === "GET") return { status: 200, body: { requests: [] } };
    sent.push(body);
    return answer;
  });
  const { action } = await import("~/routes/_portal.results.counselling");
  const response = await callPortalRoute(
    action,
    new Request(`${PORTAL}/results/counselling?app=h1`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(typed),
    }),
  );
  return { response, sent };
}

describe("asking for a counsellor", () => {
  it("sends the windows as instants with the zone and the page's language, then shows the list", async () => {
    const { response, sent } = await send({ status: 201, body: { request } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/counselling");
    expect(sent).toEqual([
      {
        appId: "h1",
        contact: "phone",
        language: "es",
        timeZone: "America/Chicago",
        note: "Por la tarde, por favor",
        // Read in Chicago's time on that day (the domain's unit tests check the conversion itself).
        windows: [
          {
            start: zonedTimeToInstant(day, "09:00", "America/Chicago")!.toISOString(),
            end: zonedTimeToInstant(day, "11:00", "America/Chicago")!.toISOString(),
          },
        ],
        locale: "en",
      },
    ]);
  });

  it.each([
    [{ status: 409, body: { status: 409, message: "open", openRequest: { ...request, note: "Otra nota" } } }, 409, "open-request"],
    [{ status: 429, body: { status: 429, message: "Too many", retryAfterSeconds: 600 } }, 429, "too-many"],
    [{ status: 404, body: { status: 404, message: "No report" } }, 409, "not-allowed"],
    [{ status: 500, body: { status: 500, message: "broken" } }, 503, "unavailable"],
    [{ status: 0, body: {} }, 503, "unavailable"],
  ] as const)("answered %j: the form comes back as typed with why (%i, %s)", async (answer, status, failure) => {
    const { response } = await send(answer);
    expect(response.status).toBe(status);
    const reply = (await response.json()) as { failure: string; result: { initialValue: Record<string, string> } };
    expect(reply.failure).toBe(failure);
    expect(reply.result.initialValue).toMatchObject({ note: typed.note, window1From: "09:00", contact: "phone" });
  });

  it("the same form posted twice at once (a double click without JavaScript): the second is shown the first as sent", async () => {
    const sameWindows = [
      {
        start: zonedTimeToInstant(day, "09:00", "America/Chicago")!.toISOString(),
        end: zonedTimeToInstant(day, "11:00", "America/Chicago")!.toISOString(),
      },
    ];
    const first = { ...request, windows: sameWindows };
    const { response } = await send({ status: 409, body: { status: 409, message: "open", openRequest: first } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/counselling");
    // An hour old, it is another sending: the participant is told one is open.
    const older = { ...first, createdAt: new Date(Date.now() - 3_600_000).toISOString() };
    expect((await send({ status: 409, body: { status: 409, message: "open", openRequest: older } })).response.status).toBe(409);
  });

  it("offers the form only for a health, FH or exome report of the participant's", async () => {
    idp.answerResultsCalls("counselling", () => ({ status: 200, body: { requests: [] } }));
    const { loader } = await import("~/routes/_portal.results.counselling");
    const open = (app: string) =>
      callPortalRoute(loader, new Request(`${PORTAL}/results/counselling?app=${app}`, { headers: { Cookie: cookie } }));
    expect((await open("h1")).status).toBe(200);
    expect((await open("t1")).status).toBe(404);
    expect((await open("__proto__")).status).toBe(404);
  });

  it("lists the requests with the appointment in the participant's own time zone, and cancels one", async () => {
    const scheduled = { ...request, state: "scheduled", scheduledFor: "2026-12-10T22:30:00.000Z", timeZone: "America/Chicago" };
    const cancels: string[] = [];
    idp.answerResultsCalls("counselling", (method) => {
      if (method === "GET") return { status: 200, body: { requests: [scheduled] } };
      cancels.push(method);
      return { status: 200, body: { request: { ...scheduled, state: "cancelled" } } };
    });
    const { loader, action } = await import("~/routes/_portal.counselling");
    const page = await callPortalRoute(loader, new Request(`${PORTAL}/counselling`, { headers: { Cookie: cookie } }));
    const { requests } = (await page.json()) as { requests: { reportLabel: string; scheduledText: string; zoneName: string }[] };
    expect(requests[0]).toMatchObject({ reportLabel: "Health", zoneName: "America/Chicago" });
    // 22:30 UTC is 4:30 PM in Chicago that day.
    expect(requests[0]!.scheduledText).toBe("Thursday, December 10, 2026, 4:30 PM");

    const cancelled = await callPortalRoute(
      action,
      new Request(`${PORTAL}/counselling`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "cancel", requestId: scheduled.id }),
      }),
    );
    expect(cancelled.status).toBe(303);
    expect(cancels).toEqual(["POST"]);
  });
});
