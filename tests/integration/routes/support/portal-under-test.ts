import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { callRoute } from "../../../support/route-call";
import { CLIENT_ID, createFakeIdentityProvider, type FakeIdentityProvider } from "./fake-identity-provider";

export const PORTAL = "http://localhost:3000";

/** Points the portal's settings at the fake provider; call before importing any portal module. */
function configurePortal(idp: FakeIdentityProvider): { cleanUp: () => Promise<void> } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "route-test-"));
  Object.assign(process.env, {
    IDP_ISSUER: idp.issuer,
    IDP_CLIENT_ID: CLIENT_ID,
    RESULTS_API_URL: idp.issuer,
    RESULTS_TIMEOUT_MS: "300",
    PORTAL_URL: PORTAL,
    PORTAL_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  return {
    async cleanUp() {
      const { closeDatabase } = await import("~/services/db.server");
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The portal as the tests of one file call its routes: a fake identity provider (standing in for the
 * results service too) started, and the portal configured against it, before the tests; both stopped
 * after them. Import portal modules only once the tests run.
 */
export function portalAgainstFakeProvider(): FakeIdentityProvider {
  const idp = createFakeIdentityProvider();
  let portal: { cleanUp: () => Promise<void> } | undefined;
  beforeAll(async () => {
    await idp.start();
    portal = configurePortal(idp);
  });
  afterAll(async () => {
    await idp.close();
    await portal?.cleanUp();
  });
  return idp;
}

/** The first leg, as the sign-in route runs it: the transaction cookie and the state sent to the IdP. */
export async function startTransaction(): Promise<{ cookie: string; state: string }> {
  const { portalAuthenticator } = await import("~/services/authenticator.server");
  const authenticator = await portalAuthenticator();
  try {
    await authenticator.authenticate("idp", new Request(`${PORTAL}/auth/sign-in?ui_locales=en`));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const location = new URL(thrown.headers.get("Location") ?? "");
    return { cookie: cookiePairs(thrown), state: location.searchParams.get("state") ?? "" };
  }
  throw new Error("the first leg did not redirect to the identity provider");
}

/** The `name=value` pairs a response sets, as a Cookie header. */
export function cookiePairs(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export async function callCallback(query: Record<string, string>, cookie?: string): Promise<Response> {
  const { loader } = await import("~/routes/auth.callback");
  const url = new URL(`${PORTAL}/auth/callback`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return callRoute(loader, new Request(url, { headers: cookie ? { Cookie: cookie } : {} }));
}

/** A participant signed in through the real callback; returns the portal's session cookie. */
export async function signedInParticipant(idp: FakeIdentityProvider, refreshToken = "rt"): Promise<string> {
  const { nonceForState } = await import("~/services/idp.server");
  const { cookie, state } = await startTransaction();
  const idToken = await idp.idToken({ nonce: nonceForState(state), amr: ["pwd", "sms"], acr: "urn:portal:loa:mfa" });
  idp.answerTokenRequests(() => ({
    status: 200,
    body: { access_token: "at", token_type: "Bearer", expires_in: 1800, id_token: idToken, refresh_token: refreshToken },
  }));
  const response = await callCallback({ state, code: "abc" }, cookie);
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  const session = response.headers.getSetCookie().find((line) => line.startsWith("portal_session="));
  if (!session) throw new Error("sign-in set no session cookie");
  return session.split(";")[0] ?? "";
}
