import { describe, expect, it } from "vitest";
import { MULTI_FACTOR_ACR, REMEMBERED_DEVICE_ACR, showsSecondFactor } from "~/domain/oidc-checks";

describe("a participant session needs a second factor in the id token", () => {
  it.each([
    [{ acr: MULTI_FACTOR_ACR, amr: ["pwd", "sms"] }, true],
    [{ acr: MULTI_FACTOR_ACR, amr: ["pwd", "voice"] }, true],
    [{ acr: REMEMBERED_DEVICE_ACR, amr: ["pwd"] }, true],
    [{ acr: MULTI_FACTOR_ACR, amr: ["pwd", "otp"] }, true],
    [{ acr: MULTI_FACTOR_ACR, amr: ["pwd", "otp", "rec"] }, true],
    // A passkey with the participant verified on the device stands for both factors; without verification it does not.
    [{ acr: MULTI_FACTOR_ACR, amr: ["hwk", "user"] }, true],
    [{ acr: MULTI_FACTOR_ACR, amr: ["hwk"] }, false],
    [{ acr: REMEMBERED_DEVICE_ACR, amr: ["hwk", "user"] }, false],
    [{ acr: MULTI_FACTOR_ACR, amr: ["pwd"] }, false],
    [{ acr: MULTI_FACTOR_ACR, amr: ["sms"] }, false],
    [{ acr: "urn:portal:loa:low", amr: ["pwd", "sms"] }, false],
    [{ amr: ["pwd", "sms"] }, false],
    [{ acr: MULTI_FACTOR_ACR, amr: "pwd sms" }, false],
    [{}, false],
  ])("%j → %s", (claims, expected) => expect(showsSecondFactor(claims)).toBe(expected));
});
