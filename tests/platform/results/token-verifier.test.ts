import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerToken, createTokenVerifier, RequestError, verifiedCaller } from "../../../platform/results/token-verifier.ts";
import { startTestIdentityKeys, type TestIdentityKeys } from "./support/test-identity-keys.ts";

let keys: TestIdentityKeys;
beforeAll(async () => {
  keys = await startTestIdentityKeys();
});
afterAll(() => keys.close());

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe("bearer token verifier", () => {
  /** A participant's token, as the results routes check it. */
  const verifierFor = (jwksUrl: string) => {
    const verify = createTokenVerifier({ issuer: keys.issuer, audience: keys.audience, jwksUrl });
    return async (authorization: string) => verifiedCaller(await verify(bearerToken(authorization), "participant"));
  };

  it("returns the participant, subject and token type of a valid token", async () => {
    const verify = verifierFor(`${keys.issuer}/jwks`);
    const caller = await verify(`Bearer ${await keys.accessTokenFor("P1003", { token_type: "ACCESS" })}`);
    expect(caller).toEqual({ userId: "P1003", subject: "sub-P1003", tokenType: "ACCESS" });
  });

  it.each(["", "Basic abc", "Bearer", "Bearer two words"])("refuses the authorization header %j with 401", async (header) => {
    const error = await rejection(verifierFor(`${keys.issuer}/jwks`)(header));
    expect(error.status).toBe(401);
    expect(error.message).toBe("no access token present");
  });

  it("answers 503, not 401, when the key set cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await rejection(verifierFor(`http://127.0.0.1:${port}/jwks`)(`Bearer ${await keys.accessTokenFor("P1001")}`));
    expect(error.status).toBe(503);
  });

  it("answers 503 when the key set endpoint fails", async () => {
    keys.setKeysAvailable(false);
    try {
      const error = await rejection(verifierFor(`${keys.issuer}/jwks`)(`Bearer ${await keys.accessTokenFor("P1001")}`));
      expect(error.status).toBe(503);
    } finally {
      keys.setKeysAvailable(true);
    }
  });

  it("takes each token for its own use only: a step-up proof opens no results, an access token proves no step-up", async () => {
    const verify = createTokenVerifier({ issuer: keys.issuer, audience: keys.audience, jwksUrl: `${keys.issuer}/jwks` });
    const proof = await keys.stepUpProofFor("P1001");
    const access = await keys.accessTokenFor("P1001");
    expect((await verify(proof, "step-up")).purpose).toBe("withdrawal");
    expect((await rejection(verify(proof, "participant"))).message).toBe("The access token is not valid");
    expect(await rejection(verify(access, "step-up"))).toMatchObject({ status: 403, message: "A fresh verification is required" });
    const wrongType = await keys.sign({ uid: "P1001" }, { audience: `${keys.audience}/kit-steps` });
    expect(await rejection(verify(wrongType, "kit-steps"))).toMatchObject({
      status: 401,
      message: "The token does not allow reading kit steps",
    });
    const expired = await keys.accessTokenFor("P1001", {}, { issuedAt: 1_000, expiresAt: 2_000 });
    expect((await rejection(verify(expired, "participant"))).message).toBe("The access token has expired");
  });
});
