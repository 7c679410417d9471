import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import {
  Browser,
  CLIENT_ID,
  CLIENT_SECRET,
  createTestClock,
  latestCode,
  participants,
  REDIRECT_URI,
  startTestService,
  submit,
} from "./support.ts";

/**
 * The identity provider as a certified relying-party library (openid-client) sees it: discovery,
 * PKCE, state and nonce checked by the library, and an id token that says how the participant
 * signed in (amr: password plus the phone channel; acr: multi-factor).
 */
const clock = createTestClock();
let service: RunningIdentityService;
let config: oidc.Configuration;

beforeAll(async () => {
  service = await startTestService(clock.now);
  config = await oidc.discovery(new URL(service.issuer), CLIENT_ID, CLIENT_SECRET, undefined, { execute: [oidc.allowInsecureRequests] });
});

afterAll(async () => {
  await service?.close();
});

const [ada] = participants;
if (!ada?.phone) throw new Error("the demo participants are missing");

async function signInThroughLibrary(method: "sms" | "voice", remember = false) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: "openid email profile offline_access",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    prompt: "login",
  });
  const browser = new Browser(service.url);
  const page = await browser.follow(await browser.get(url.pathname + url.search));
  let step = await submit(browser, await page.text(), {
    username: ada!.email,
    password: ada!.password,
    ...(remember ? { rememberMe: "true" } : {}),
  });
  clock.advance(31_000);
  step = await submit(browser, step.html, { authMethod: method });
  step = await submit(browser, step.html, { intent: "verify", code: (await latestCode(service.url, ada!.phone!)).code });
  const location = step.response.headers.get("location");
  if (!location)
    throw new Error(
      `sign-in stopped at: ${step.html
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .slice(0, 300)}`,
    );
  const callback = new URL(location);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return tokens.claims();
}

describe("the id token says how the participant signed in", () => {
  it("password and a text message: amr pwd + sms, acr multi-factor", async () => {
    const claims = await signInThroughLibrary("sms");
    expect(claims?.amr).toEqual(["pwd", "sms"]);
    expect(claims?.acr).toBe("urn:portal:loa:mfa");
  });

  it("password and a voice call: amr pwd + voice", async () => {
    const claims = await signInThroughLibrary("voice");
    expect(claims?.amr).toEqual(["pwd", "voice"]);
    expect(claims?.acr).toBe("urn:portal:loa:mfa");
  });
});
