/**
 * Two portal instances sharing one PostgreSQL server (started by this file on 127.0.0.1): whatever
 * a participant does through one instance holds on the other — sessions, sign-out, the password
 * flow's resend lock, the token-renewal limit and the one-refresh-at-a-time rule.
 *
 * One public origin: a real deployment puts the instances behind a load balancer, and the identity
 * provider knows only the public address (its redirect URI is `${PORTAL_URL}/auth/callback`). So
 * both instances run with the same PORTAL_URL — the origin of a small load balancer started here —
 * and every request, the browser's and the identity provider's redirects alike, goes through it
 * with its Host header unchanged. The test decides which instance the balancer hands each request
 * to (pinned, or each in turn) and checks afterwards which one served it; no instance is ever
 * addressed directly, and there is no stickiness for the portal to lean on.
 *
 * Access tokens last 30 minutes, so to make one due for renewal the test moves the stored expiry
 * of the session row into the near past or future, as the passing of time would.
 */
import { afterAll, assert, beforeAll, describe, expect, it, vi } from "vitest";
import { portalMigrations } from "~/services/migrations.server";
import { createParticipant, type TestParticipant } from "../../support/create-participant";
import { fullNameOf } from "../../support/demo-participants";
import { signInOverHttp } from "../../support/sign-in.ts";
import { startTwoPortals, type TwoPortals } from "./support/two-portals.ts";

let portals: TwoPortals;

beforeAll(async () => {
  portals = await startTwoPortals();
}, 90_000);

afterAll(async () => {
  await portals?.stop();
});

type Instance = "a" | "b";

/** Signs `who` in over plain HTTP with every portal request of the sign-in going to `instance`. */
async function signInThrough(instance: Instance, who: TestParticipant) {
  portals.balancer.pin(instance);
  const signedIn = await signInOverHttp(portals.publicUrl, portals.identityUrl, who);
  expect(lastServed("/auth/callback")).toMatchObject({ instance, status: 302 });
  return signedIn;
}

function lastServed(path: string) {
  return portals.balancer.served.findLast((entry) => entry.path === path);
}

/** A GET through the public origin, answered by `instance`. */
async function getOn(instance: Instance, path: string, cookie: string) {
  portals.balancer.pin(instance);
  const response = await fetch(new URL(path, portals.publicUrl), { headers: { cookie }, redirect: "manual" });
  expect(lastServed(path)?.instance).toBe(instance);
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

/** A form POST through the public origin, answered by `instance`, as the participant's browser sends it. */
async function postOn(instance: Instance, path: string, cookie: string, form: Record<string, string>) {
  portals.balancer.pin(instance);
  const response = await fetch(new URL(path, portals.publicUrl), {
    method: "POST",
    headers: { cookie, origin: portals.publicUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  expect(lastServed(path)?.instance).toBe(instance);
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

interface SessionRow {
  access_token: string;
  renewals: number[];
}

/** The participant's one session row (each test signs a different participant in). */
async function sessionRowOf(who: TestParticipant): Promise<SessionRow> {
  const { rows } = await portals.database.query<SessionRow>("SELECT access_token, renewals FROM portal_sessions WHERE user_id = $1", [
    who.userId,
  ]);
  const [row] = rows;
  expect(rows).toHaveLength(1);
  assert.isDefined(row);
  return row;
}

/** Makes the stored access token of `who` expire `inMs` from now (negative: already expired). */
async function ageAccessToken(who: TestParticipant, inMs: number): Promise<void> {
  await portals.database.query(
    "UPDATE portal_sessions SET access_token_expires_at = now() + make_interval(secs => $2) WHERE user_id = $1",
    [who.userId, inMs / 1000],
  );
}

/** Counts the token-endpoint calls (here: refresh grants) the identity provider answers from now until the returned function is called. */
function tokenEndpointCalls() {
  const from = portals.stack.identity.output().length;
  return async () => {
    // Its log is ordered: once a marked request's line is in, every earlier line is too.
    const marker = `marker-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await (await fetch(new URL("/healthz", portals.identityUrl), { headers: { "x-request-id": marker } })).body?.cancel();
    await vi.waitFor(() => expect(portals.stack.identity.output()).toContain(marker), { timeout: 5_000, interval: 50 });
    return portals.stack.identity.output().slice(from).split('"method":"POST","path":"/token",').length - 1;
  };
}

describe("a fresh deployment", () => {
  // Two processes creating schema_migrations at once must not collide (fresh-database.test.ts
  // reproduces the collision at the library level).
  it("both instances opening the empty database at the same moment come up ready (the schema is created once)", async () => {
    portals.balancer.alternate();
    const answers = await Promise.all(
      [0, 1].map(() =>
        fetch(new URL("/readyz", portals.publicUrl)).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    expect(
      portals.balancer.served
        .filter((entry) => entry.path === "/readyz")
        .map((entry) => entry.instance)
        .sort(),
    ).toEqual(["a", "b"]);
    for (const answer of answers) expect(answer, answer.body).toMatchObject({ status: 200 });
    const { rows } = await portals.database.query("SELECT version FROM schema_migrations WHERE service = 'portal' ORDER BY version");
    expect(rows.map((row) => row.version)).toEqual(portalMigrations.map((_, index) => index + 1));
  });
});

describe("a session started on one instance", () => {
  it("is served by the other: signed in through A, B shows the dashboard with the participant's name", async () => {
    const ada = await createParticipant(portals.stack, "ada");
    const { cookie } = await signInThrough("a", ada);
    const dashboard = await getOn("b", "/", cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain(fullNameOf(ada));
  });

  it("can be started on one instance and finished on the other (sign-in on A, callback on B)", async () => {
    const bruno = await createParticipant(portals.stack, "bruno");
    portals.balancer.alternate();
    const { cookie } = await signInOverHttp(portals.publicUrl, portals.identityUrl, bruno);
    expect(lastServed("/auth/sign-in")?.instance).toBe("a");
    expect(lastServed("/auth/callback")).toMatchObject({ instance: "b", status: 302 });
    const dashboard = await getOn("a", "/", cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain(fullNameOf(bruno));
  });

  it("ends on both when the participant signs out on one: sign-out posted to B, A goes to the expired-session screen", async () => {
    const dmitri = await createParticipant(portals.stack, "dmitri");
    const { cookie } = await signInThrough("a", dmitri);
    expect((await getOn("a", "/", cookie)).status).toBe(200);

    const signOut = await postOn("b", "/auth/sign-out", cookie, {});
    expect(signOut.status).toBe(302);
    expect(new URL(signOut.location!, portals.publicUrl).origin).toBe(new URL(portals.identityUrl).origin);

    // The cookie a second tab (or anyone who copied it) still holds no longer opens anything.
    for (const instance of ["a", "b"] as const) {
      const after = await getOn(instance, "/", cookie);
      expect(after.status).toBe(302);
      expect(after.location).toBe("/session-expired");
    }
  });

  it("keeps a dismissed banner dismissed on the other instance (the participant's flags are shared)", async () => {
    const hiro = await createParticipant(portals.stack, "hiro");
    const { cookie } = await signInThrough("a", hiro);
    expect((await getOn("a", "/", cookie)).body).toContain('action="/dashboard/banner"');
    const dismissed = await postOn("b", "/dashboard/banner", cookie, { banner: "welcome" });
    expect(dismissed.status).toBe(303);
    expect((await getOn("a", "/", cookie)).body).not.toContain('action="/dashboard/banner"');
  });
});

describe("behind the load balancer, forwarded headers from clients are not trusted", () => {
  const spoofed = { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" };

  it("addresses sent to the identity provider come from PORTAL_URL, whatever X-Forwarded-Host and -Proto say", async () => {
    for (const instance of ["a", "b"] as const) {
      portals.balancer.pin(instance);
      const response = await fetch(new URL("/auth/sign-in", portals.publicUrl), { headers: spoofed, redirect: "manual" });
      await response.body?.cancel();
      expect(response.status).toBe(302);
      const authorize = new URL(response.headers.get("location")!);
      expect(authorize.origin).toBe(new URL(portals.identityUrl).origin);
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${portals.publicUrl}/auth/callback`);
      expect(response.headers.getSetCookie().join("\n")).not.toMatch(/attacker\.example|;\s*secure/i);
    }
  });

  it("a form POST from another site is refused even when X-Forwarded-Host names that site", async () => {
    const carmen = await createParticipant(portals.stack, "carmen");
    const { cookie } = await signInThrough("a", carmen);
    for (const instance of ["a", "b"] as const) {
      portals.balancer.pin(instance);
      const response = await fetch(new URL("/profile/security/password", portals.publicUrl), {
        method: "POST",
        headers: { ...spoofed, cookie, origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "start" }),
        redirect: "manual",
      });
      await response.body?.cancel();
      expect(response.status, `on ${instance}`).toBe(403);
    }
    // Nothing started: the password page has no step to show.
    expect(await getOn("b", "/profile/security/password", cookie)).toMatchObject({ status: 302, location: "/profile/security" });
  });
});

describe("behind a proxy that rewrites Host", () => {
  afterAll(() => portals.balancer.hostHandling("pass"));

  it("form POSTs to pages are judged against PORTAL_URL, whatever Host or X-Forwarded-Host the proxy passes", async () => {
    const postPasswordForm = async () => {
      portals.balancer.pin("b");
      const response = await fetch(new URL("/profile/security/password", portals.publicUrl), {
        method: "POST",
        headers: { origin: portals.publicUrl, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "start" }),
        redirect: "manual",
      });
      await response.body?.cancel();
      return { status: response.status, location: response.headers.get("location") };
    };
    const toSignIn = { status: 302, location: "/auth/sign-in?returnTo=%2Fprofile%2Fsecurity%2Fpassword" };

    expect(await postPasswordForm()).toMatchObject(toSignIn);
    portals.balancer.hostHandling("instance-address");
    expect(await postPasswordForm()).toMatchObject(toSignIn);
    portals.balancer.hostHandling("instance-address-with-forwarded-host");
    expect(await postPasswordForm()).toMatchObject(toSignIn);
  });
});

describe("limits hold across both instances", () => {
  it("the password flow's resend lock started on A refuses a resend posted to B within 30 s", async () => {
    const elena = await createParticipant(portals.stack, "elena");
    const { cookie } = await signInThrough("a", elena);
    const passwordPath = "/profile/security/password";
    expect(await postOn("a", passwordPath, cookie, { intent: "start" })).toMatchObject({ status: 303, location: passwordPath });
    expect(await postOn("a", passwordPath, cookie, { intent: "send-code", authMethod: "sms" })).toMatchObject({
      status: 303,
      location: passwordPath,
    });
    const codesSent = async () => {
      const outbox = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(elena.phone!)}`, portals.identityUrl))).json()) as {
        purpose: string;
      }[];
      return outbox.filter((message) => message.purpose === "password-update").length;
    };
    expect(await codesSent()).toBe(1);

    const resend = await postOn("b", passwordPath, cookie, { intent: "resend" });
    expect(resend).toMatchObject({ status: 303, location: passwordPath });
    const refused = await getOn("b", passwordPath, cookie);
    expect(refused.status).toBe(429);
    const wait = /Please wait (\d+) seconds before asking for a new code\./.exec(refused.body);
    expect(wait, "the participant is told to wait").not.toBeNull();
    expect(Number(wait![1])).toBeGreaterThan(0);
    expect(Number(wait![1])).toBeLessThanOrEqual(30);

    const page = await getOn("b", passwordPath, cookie);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/You can ask for a new code in ([1-9]|[12]\d|30) seconds\./);
    // Refused by the portal itself: the identity provider was not asked for another code.
    expect(await codesSent()).toBe(1);
  });

  it("at most 10 token renewals in 30 s per session, counted together on A and B; the 11th ends the session", async () => {
    const greta = await createParticipant(portals.stack, "greta");
    const { cookie } = await signInThrough("a", greta);
    const calls = tokenEndpointCalls();
    for (let renewal = 1; renewal <= 10; renewal += 1) {
      await ageAccessToken(greta, -1_000);
      const instance = renewal % 2 === 0 ? "a" : "b";
      const before = (await sessionRowOf(greta)).access_token;
      const page = await getOn(instance, "/", cookie);
      expect(page.status, `renewal ${renewal} on ${instance}`).toBe(200);
      const row = await sessionRowOf(greta);
      expect(row.access_token).not.toBe(before);
      expect(row.renewals).toHaveLength(renewal);
    }
    expect(await calls()).toBe(10);

    const refusedCalls = tokenEndpointCalls();
    await ageAccessToken(greta, -1_000);
    for (const instance of ["a", "b"] as const) {
      const refused = await getOn(instance, "/", cookie);
      expect(refused).toMatchObject({ status: 302, location: "/session-expired" });
    }
    expect(await refusedCalls()).toBe(0);
    expect((await sessionRowOf(greta)).renewals).toHaveLength(10);
  });

  it("a token due for renewal is refreshed once when parallel requests are split across A and B", async () => {
    const iris = await createParticipant(portals.stack, "iris");
    const { cookie } = await signInThrough("a", iris);
    const before = (await sessionRowOf(iris)).access_token;
    await ageAccessToken(iris, 5_000);
    const calls = tokenEndpointCalls();
    const servedBefore = portals.balancer.served.length;

    portals.balancer.alternate();
    const pages = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await fetch(new URL("/", portals.publicUrl), { headers: { cookie }, redirect: "manual" });
        return { status: response.status, body: await response.text() };
      }),
    );
    const servedBy = portals.balancer.served.slice(servedBefore).map((entry) => entry.instance);
    expect(servedBy.filter((instance) => instance === "a")).toHaveLength(3);
    expect(servedBy.filter((instance) => instance === "b")).toHaveLength(3);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toContain(fullNameOf(iris));
    }

    expect(await calls()).toBe(1);
    const row = await sessionRowOf(iris);
    expect(row.access_token).not.toBe(before);
    expect(row.renewals).toHaveLength(1);
    // A second use of the rotated refresh token would have ended the session; it goes on, on both.
    for (const instance of ["a", "b"] as const) expect((await getOn(instance, "/", cookie)).status).toBe(200);
  });

  it("an expired token is refreshed once when six requests come at once across A and B, and every one gets its page", async () => {
    const ivan = await createParticipant(portals.stack, "iris");
    const { cookie } = await signInThrough("b", ivan);
    await ageAccessToken(ivan, -1_000);
    const calls = tokenEndpointCalls();

    portals.balancer.alternate();
    const pages = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await fetch(new URL("/", portals.publicUrl), { headers: { cookie }, redirect: "manual" });
        return { status: response.status, body: await response.text() };
      }),
    );
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toContain(fullNameOf(ivan));
    }
    expect(await calls()).toBe(1);
    expect((await sessionRowOf(ivan)).renewals).toHaveLength(1);
  });
});

describe("where the participant is signed in", () => {
  /** The listing ids of the sessions page's 'Sign out' forms, this device's first. */
  const listingIds = (page: string) => [...page.matchAll(/name="session" value="([\w-]{32})"/g)].map((match) => match[1] ?? "");

  it("lists on one instance the sessions started on both, and 'Sign out' posted to B ends a session A served", async () => {
    const lucia = await createParticipant(portals.stack, "lucia");
    const onA = await signInThrough("a", lucia);
    const onB = await signInThrough("b", lucia);
    expect((await getOn("a", "/", onA.cookie)).status).toBe(200);

    const page = await getOn("b", "/profile/security/sessions", onB.cookie);
    expect(page.status).toBe(200);
    const [own, other] = listingIds(page.body);
    expect(listingIds(page.body)).toHaveLength(2);
    expect(listingIds((await getOn("a", "/profile/security/sessions", onA.cookie)).body)).toEqual([other, own]);

    const ended = await postOn("b", "/profile/security/sessions", onB.cookie, { intent: "end", session: other ?? "" });
    expect(ended.status).toBe(303);
    for (const instance of ["a", "b"] as const) {
      const after = await getOn(instance, "/", onA.cookie);
      expect(after.status).toBe(302);
      expect(after.location).toBe("/session-expired");
    }
    expect((await getOn("a", "/", onB.cookie)).status).toBe(200);
    expect(listingIds((await getOn("a", "/profile/security/sessions", onB.cookie)).body)).toEqual([own]);
  });
});
