import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { SoftPasskey } from "../../support/soft-passkey.ts";
import { accountApiAt, latestCode, participants, PORTAL_URL, startTestService, tokensFor } from "./support.ts";

let service: RunningIdentityService;
let base: string;

beforeAll(async () => {
  service = await startTestService(() => new Date());
  base = service.url;
});

afterAll(async () => {
  await service?.close();
});

const api = accountApiAt(() => base);

/** Signed in with a text code, and freshly verified for factor changes. */
async function freshlyVerified(who: (typeof participants)[number]) {
  const { tokens } = await tokensFor(base, who);
  const token = tokens.access_token;
  expect((await api("send-verification-code", token, { purpose: "factors", authMethod: "sms" })).status).toBe(200);
  const { code } = await latestCode(base, who.phone!);
  expect((await api("verify-code", token, { purpose: "factors", code })).status).toBe(200);
  return token;
}

async function registered(token: string, passkey: SoftPasskey) {
  const started = await api("passkey-register-start", token);
  expect(started.status).toBe(200);
  const options = started.body.passkeyOptions as { challenge: string };
  return api("passkey-register-finish", token, { credential: passkey.register(options), name: "Laptop" });
}

describe("passkey registration", () => {
  const rpId = new URL(PORTAL_URL).hostname;

  it("refuses a credential id another account already has with 400 'passkey invalid', and the first owner keeps it", async () => {
    const ada = participants[0]!;
    const katherine = participants[3]!;
    const adaToken = await freshlyVerified(ada);
    const adaKey = new SoftPasskey(rpId, PORTAL_URL);
    const first = await registered(adaToken, adaKey);
    expect(first.status).toBe(200);

    // Katherine's authenticator answers with the same credential id (its own key).
    const katherineToken = await freshlyVerified(katherine);
    const copy = new SoftPasskey(rpId, PORTAL_URL, adaKey.id);
    const second = await registered(katherineToken, copy);
    expect(second.status).toBe(400);
    expect(second.body.errorCode).toBe("passkeyInvalid");
    expect(second.body.errorMessage).toBe("The passkey could not be used. Please try again.");

    // Nothing of Katherine's was kept under that id: it is still Ada's passkey, with Ada's key.
    const katherineFactors = (await api("factors", katherineToken)).body.factors as { passkeys: unknown[] };
    expect(katherineFactors.passkeys).toEqual([]);
    const adaFactors = (await api("factors", adaToken)).body.factors as { passkeys: Array<{ id: string }> };
    expect(adaFactors.passkeys.map((passkey) => passkey.id)).toEqual([adaKey.id]);
    const assertStart = await api("passkey-assert-start", adaToken, { purpose: "factors" });
    expect(assertStart.status).toBe(200);
    const asserted = await api("passkey-assert-finish", adaToken, {
      purpose: "factors",
      credential: adaKey.assert(assertStart.body.passkeyOptions as { challenge: string }),
    });
    expect(asserted.status).toBe(200);
  });

  it("refuses the same credential registered twice on one account with 400, not 500", async () => {
    const hedy = participants[4]!;
    const token = await freshlyVerified(hedy);
    const key = new SoftPasskey(rpId, PORTAL_URL);
    expect((await registered(token, key)).status).toBe(200);
    // One passed verification, one change: the passkey itself opens the next one.
    const assertStart = await api("passkey-assert-start", token, { purpose: "factors" });
    const asserted = await api("passkey-assert-finish", token, {
      purpose: "factors",
      credential: key.assert(assertStart.body.passkeyOptions as { challenge: string }),
    });
    expect(asserted.status).toBe(200);
    const again = await registered(token, key);
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe("passkeyInvalid");
  });
});
