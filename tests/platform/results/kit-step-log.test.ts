import { describe, expect, it } from "vitest";
import { contractCheckedFetch } from "../../support/results-contract";
import { participantLike, resultsServiceForSuite } from "./support/results-service-for-suite.ts";

/** Every answer of the results service is checked against its OpenAPI document. */
const fetch = contractCheckedFetch();

const resultsService = resultsServiceForSuite("kit-steps", [participantLike("K1", { kitStatus: 2 })]);

const logReaderToken = () =>
  resultsService.keys.accessTokenFor("K1", {}, { audience: `${resultsService.keys.audience}/kit-steps`, typ: "kit-steps+jwt" });
const readLog = async (token: string, query = "") =>
  fetch(`${resultsService.url}/kit-step-changes${query}`, { headers: { authorization: `Bearer ${token}` } });

describe("the kit-step log (results service)", () => {
  it("records each step a kit moves on to, dated, and nothing when it moves back", async () => {
    const moved = await fetch(`${resultsService.url}/dev/kits/K1/step`, { method: "POST" });
    expect(await moved.json()).toEqual({ kitStatus: 3, logged: true });
    await fetch(`${resultsService.url}/dev/kits/K1/step`, { method: "POST", body: JSON.stringify({ step: 2 }) });
    const answer = await readLog(await logReaderToken());
    expect(answer.status).toBe(200);
    const { changes, lastId } = (await answer.json()) as { changes: { id: number; userId: string; step: number }[]; lastId: number };
    expect(lastId).toBe(changes[0]!.id);
    expect(changes.map(({ userId, step }) => ({ userId, step }))).toEqual([{ userId: "K1", step: 3 }]);
    expect(((await (await readLog(await logReaderToken(), `?after=${changes[0]!.id}`)).json()) as { changes: [] }).changes).toEqual([]);

    const results = await fetch(`${resultsService.url}/results/K1`, {
      headers: { authorization: `Bearer ${await resultsService.keys.accessTokenFor("K1")}` },
    });
    expect(((await results.json()) as { kitStatus: number }).kitStatus).toBe(2);
  });

  it("is read only with the identity provider's own token: a participant's access token is refused, and its token opens nothing else", async () => {
    expect((await readLog(await resultsService.keys.accessTokenFor("K1"))).status).toBe(401);
    expect(
      (await readLog(await resultsService.keys.accessTokenFor("K1", {}, { audience: `${resultsService.keys.audience}/kit-steps` }))).status,
    ).toBe(401);
    const results = await fetch(`${resultsService.url}/results/K1`, { headers: { authorization: `Bearer ${await logReaderToken()}` } });
    expect(results.status).toBe(401);
    expect((await readLog(await logReaderToken(), "?after=-1")).status).toBe(400);
  });
});
