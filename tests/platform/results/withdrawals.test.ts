import { describe, expect, it } from "vitest";
import { contractCheckedFetch } from "../../support/results-contract";
import { participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

const resultsService = resultsServiceForSuite(
  "withdrawals",
  ["W1", "W2", "W3", "W4"].map((id) => participantLike(id)),
);

type Recorded = { withdrawal: { reference: string; choice: string; status: string; requestedAt: string } };

async function withdraw(userId: string, body: Record<string, unknown>, token?: string) {
  return fetch(`${resultsService.url}/withdrawals/${userId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token ?? (await resultsService.keys.accessTokenFor(userId))}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("withdrawal requests (results service)", () => {
  it("records a verified request with a reference number, answers a retry with the same one, and lists it", async () => {
    const body = { choice: "destroy-sample", requestKey: "request-key-w1", verification: await resultsService.keys.stepUpProofFor("W1") };
    const first = await withdraw("W1", body);
    expect(first.status).toBe(201);
    const { withdrawal } = (await first.json()) as Recorded;
    expect(withdrawal.reference).toMatch(/^WD-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
    expect(withdrawal).toMatchObject({ choice: "destroy-sample", status: "received" });

    // The portal retrying after a crash (same request key) learns what was recorded.
    const retry = await withdraw("W1", body);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Recorded).withdrawal.reference).toBe(withdrawal.reference);

    // One open request at a time.
    const another = await withdraw("W1", {
      ...body,
      requestKey: "request-key-w1-b",
      verification: await resultsService.keys.stepUpProofFor("W1"),
    });
    expect(another.status).toBe(409);

    const listed = await fetch(`${resultsService.url}/withdrawals/W1`, {
      headers: { authorization: `Bearer ${await resultsService.keys.accessTokenFor("W1")}` },
    });
    expect(((await listed.json()) as { withdrawals: Recorded["withdrawal"][] }).withdrawals).toEqual([withdrawal]);
  });

  it("refuses a request without a fresh proof of this participant's verification for this purpose", async () => {
    const ask = (verification: string) => withdraw("W2", { choice: "stop-research", requestKey: `key-${Math.random()}`, verification });
    const now = Math.floor(Date.now() / 1000);
    expect((await ask(await resultsService.keys.accessTokenFor("W2"))).status).toBe(403);
    expect((await ask(await resultsService.keys.stepUpProofFor("W3"))).status).toBe(403);
    expect((await ask(await resultsService.keys.stepUpProofFor("W2", "password-update"))).status).toBe(403);
    expect(
      (await ask(await resultsService.keys.stepUpProofFor("W2", "withdrawal", { issuedAt: now - 400, expiresAt: now + 600 }))).status,
    ).toBe(403);
    expect((await ask(await resultsService.keys.stepUpProofFor("W2", "withdrawal", { key: resultsService.keys.strangerKey }))).status).toBe(
      403,
    );
    expect((await withdraw("W2", { choice: "stop-research", requestKey: "key-missing-proof" })).status).toBe(400);
    expect((await withdraw("W2", { choice: "everything", requestKey: "key-bad-choice", verification: "x" })).status).toBe(400);
    const none = await fetch(`${resultsService.url}/withdrawals/W2`, {
      headers: { authorization: `Bearer ${await resultsService.keys.accessTokenFor("W2")}` },
    });
    expect(((await none.json()) as { withdrawals: unknown[] }).withdrawals).toEqual([]);
  });

  it("accepts a proof once, never for another participant, and never as an access token", async () => {
    const proof = await resultsService.keys.stepUpProofFor("W3");
    expect((await withdraw("W3", { choice: "stop-research", requestKey: "key-w3-a", verification: proof })).status).toBe(201);
    const stranger = await withdraw(
      "W3",
      { choice: "stop-research", requestKey: "key-w3-b", verification: proof },
      await resultsService.keys.accessTokenFor("W4"),
    );
    expect(stranger.status).toBe(403);
    const resultsLink = await withdraw(
      "W4",
      { choice: "stop-research", requestKey: "key-w4", verification: await resultsService.keys.stepUpProofFor("W4") },
      await resultsService.keys.accessTokenFor("W4", { token_type: "ACCESS" }),
    );
    expect(resultsLink.status).toBe(403);
    const proofAsToken = await fetch(`${resultsService.url}/results/W4`, {
      headers: { authorization: `Bearer ${await resultsService.keys.stepUpProofFor("W4")}` },
    });
    expect(proofAsToken.status).toBe(401);
  });
});
