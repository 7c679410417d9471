import { beforeAll, describe, expect, it } from "vitest";
import { callPortalRoute } from "../../support/route-call";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * Setting up an authenticator app through the factors route, with the session table read as
 * PostgreSQL holds it at each step: the app's secret while it is set up, the recovery codes until
 * 'Done' and the refresh token never appear in clear, yet every page still shows them.
 */
const FACTORS_PATH = "/profile/security/factors";
const REFRESH_TOKEN = "refresh-Wm4qP8sT2vY6zB0dF3hJ7kN1";
const APP_SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const RECOVERY_CODES = ["Q7FJ-3KXW-9MTA", "B2RN-6VHD-4YPC", "L8SE-1GUZ-5WQK"];

const idp = portalAgainstFakeProvider();
let route: typeof import("~/routes/_portal.profile.security_.factors");
let session: string;

beforeAll(async () => {
  route = await import("~/routes/_portal.profile.security_.factors");
  session = await signedInParticipant(idp, REFRESH_TOKEN);
  idp.answerAccountOperation("verify-code", () => ({ status: 200, body: { status: "SUCCESS" } }));
  idp.answerAccountOperation("totp-enrol-start", () => ({
    status: 200,
    body: { status: "SUCCESS", totp: { secret: APP_SECRET, uri: `otpauth://totp/Portal:ada?secret=${APP_SECRET}` } },
  }));
  idp.answerAccountOperation("totp-enrol-confirm", () => ({ status: 200, body: { status: "SUCCESS", recoveryCodes: RECOVERY_CODES } }));
});

const post = (fields: Record<string, string>) =>
  callPortalRoute(
    route.action,
    new Request(`${PORTAL}${FACTORS_PATH}`, {
      method: "POST",
      headers: { Cookie: session, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  );

const page = async () =>
  (await (await callPortalRoute(route.loader, new Request(`${PORTAL}${FACTORS_PATH}`, { headers: { Cookie: session } }))).json()) as {
    state: Record<string, unknown>;
  };

async function tableDump(): Promise<string> {
  const { database } = await import("~/services/db.server");
  const rows = await (await database()).query<{ row: string }>(`SELECT row_to_json(s)::text AS row FROM portal_sessions s`);
  return rows.map((r) => r.row).join("\n");
}

describe("an authenticator app set up through the factors route", () => {
  it("leaves neither its secret, the recovery codes nor the refresh token in clear in the session row", async () => {
    expect((await post({ intent: "start", change: "add-totp" })).status).toBe(303);
    expect((await post({ intent: "send-code", method: "totp" })).status).toBe(303);
    expect((await post({ intent: "verify", authCode: "123456" })).status).toBe(303);
    expect((await page()).state).toMatchObject({ step: "enrol", secret: APP_SECRET });
    let dump = await tableDump();
    expect(dump).toContain(`"token_type":"IDP"`); // the row is there
    for (const secret of [REFRESH_TOKEN, APP_SECRET]) expect(dump).not.toContain(secret);

    expect((await post({ intent: "confirm", authCode: "654321" })).status).toBe(303);
    expect((await page()).state).toMatchObject({ step: "codes", codes: RECOVERY_CODES });
    dump = await tableDump();
    for (const secret of [REFRESH_TOKEN, APP_SECRET, ...RECOVERY_CODES]) expect(dump).not.toContain(secret);

    expect((await post({ intent: "done" })).status).toBe(303);
    expect(await tableDump()).not.toContain("sign-in-factors");
  });
});
