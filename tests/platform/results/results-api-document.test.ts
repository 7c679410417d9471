import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadResultsContract, RESULTS_API_DOCUMENT } from "../../../platform/results/contract/results-contract.ts";
import { ContractViolation, contractCheckedFetch } from "../../support/results-contract";

/**
 * Every call the portal and the identity service make on the results service, by the file that
 * makes it: each is an operation of the document, and the document has no operation nobody calls.
 */
const CALLS: Record<string, [method: string, path: string][]> = {
  "app/services/results.server.ts": [["GET", "/results/P1?sourceID=dna-discovery"]],
  "app/services/reports.server.ts": [
    ["GET", "/reports/dna-discovery/app-1/P1?lang=es"],
    ["GET", "/reports/dna-discovery/app-1/P1?lang=es&version=2"],
    ["GET", "/reports/dna-discovery/app-1/P1/content?lang=es"],
    ["GET", "/reports/dna-discovery/app-1/P1/content?lang=es&version=2"],
  ],
  "app/services/data-exports.server.ts": [
    ["GET", "/exports/P1"],
    ["POST", "/exports/P1"],
    ["GET", "/exports/P1/5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10/file"],
  ],
  "app/services/withdrawal.server.ts": [
    ["GET", "/withdrawals/P1"],
    ["POST", "/withdrawals/P1"],
  ],
  "app/services/report-shares.server.ts": [
    ["GET", "/shares/P1"],
    ["POST", "/shares/P1"],
    ["POST", "/shares/P1/5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10/revoke"],
    ["POST", "/shared/open"],
    ["GET", "/shared/report?lang=en"],
    ["GET", "/shared/report.pdf?lang=en"],
    ["POST", "/shared/close"],
  ],
  "app/services/readiness.server.ts": [["GET", "/healthz"]],
  "app/services/kits.server.ts": [
    ["GET", "/kits/P1"],
    ["POST", "/kits/P1"],
  ],
  "app/services/family-letters.server.ts": [
    ["GET", "/family-letters/P1"],
    ["POST", "/family-letters/P1"],
    ["POST", "/family-letters/P1/5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10/end"],
    ["GET", "/family-letters/P1/5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10/letter?lang=es"],
    ["GET", "/family-letters/P1/5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10/letter.pdf?lang=es"],
    ["POST", "/family-letter/open"],
  ],
  "platform/identity/account-api/results-withdrawals.ts": [["GET", "/withdrawals/P1"]],
  // The share and counselling notice senders are feeds of one relay, which makes their calls.
  "platform/identity/account-api/results-notice-relay.ts": [
    ["POST", "/share-notices/claim"],
    ["POST", "/share-notices/ack"],
    ["POST", "/counselling-notices/claim"],
    ["POST", "/counselling-notices/ack"],
  ],
  // The kit-step and report-reissue senders read their logs through one reader, which makes their calls.
  "platform/identity/notifications/results-log.ts": [
    ["GET", "/kit-step-changes?after=0&limit=100"],
    ["GET", "/report-reissues?after=0&limit=100"],
  ],
  "app/services/counselling.server.ts": [
    ["GET", "/counselling/P1"],
    ["POST", "/counselling/P1"],
    ["POST", "/counselling/P1/5b0c7e55-2e4e-4a55-9f3e-1b7a0d3c9a10/cancel"],
  ],
};

/** Operations for the program's own tools, not the portal's or the identity service's: the counselling team's queue. */
const PROGRAM_TOOL_OPERATIONS = ["readCounsellingQueue", "moveCounsellingRequest"];

const contract = loadResultsContract();

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(directory, name));
}

describe("platform/results/openapi.yaml", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(RESULTS_API_DOCUMENT);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has an operation for every call of the portal and the identity service, and none that nobody calls", () => {
    const used = new Set<string>();
    for (const [file, calls] of Object.entries(CALLS))
      for (const [method, target] of calls) {
        const operation = contract.operationFor(method, new URL(target, "http://results.test").pathname);
        expect(operation, `${file}: ${method} ${target}`).not.toBeNull();
        used.add(operation!.operationId);
      }
    for (const operationId of PROGRAM_TOOL_OPERATIONS) used.add(operationId);
    expect([...used].sort()).toEqual(contract.operations.map((operation) => operation.operationId).sort());
  });

  it("knows every file that calls the results service", () => {
    const callers = [...filesUnder("app/services"), ...filesUnder("platform/identity")].filter((file) =>
      /RESULTS_API_URL|upstream: "results"|\bresultsApiUrl\b|from "\.\/results-api\.server"/.test(readFileSync(file, "utf8")),
    );
    // These read the address (or the audience) and pass it on; they call nothing.
    const passers = [
      "app/services/env.server.ts",
      "app/services/results-link.server.ts",
      // Builds the service's addresses for the files that call it.
      "app/services/results-api.server.ts",
      "platform/identity/config.ts",
      "platform/identity/service.ts",
    ];
    expect(callers.filter((file) => !passers.includes(file)).sort()).toEqual(Object.keys(CALLS).sort());
  });
});

describe("the tests' checked fetch", () => {
  let server: Server;
  let url: string;
  let answer: { status: number; type: string; body: string } = { status: 200, type: "application/json", body: "{}" };
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(answer.status, { "content-type": answer.type }).end(answer.body));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const results = {
    kitStatus: 3,
    apps: [],
    heapIdentifier: "h",
    isHealthOrResearch: true,
    agreements: ["rc"],
    Patient: { firstName: "A", middleName: null, lastName: "B" },
  };

  it("passes an answer the document allows, and fails the test on a status, type or body it does not", async () => {
    const checked = contractCheckedFetch(() => url);
    answer = { status: 200, type: "application/json; charset=utf-8", body: JSON.stringify(results) };
    expect((await checked(`${url}/results/P1`)).status).toBe(200);

    answer = { status: 200, type: "application/json", body: JSON.stringify({ ...results, kitStatus: "three" }) };
    await expect(checked(`${url}/results/P1`)).rejects.toThrow(
      /getResults \(GET \/results\/\{userID\}\) answered 200.*kitStatus must be integer/s,
    );
    answer = { status: 418, type: "application/json", body: JSON.stringify({ status: 418, message: "teapot" }) };
    await expect(checked(`${url}/results/P1`)).rejects.toThrow(/status 418 is not an answer the document gives getResults/);
    answer = { status: 200, type: "text/html", body: "<p>hi</p>" };
    await expect(checked(`${url}/healthz`)).rejects.toThrow(/content type "text\/html" is not one the document gives/);
    await expect(checked(`${url}/results/P1`, { method: "DELETE" })).rejects.toBeInstanceOf(ContractViolation);
    // Outside the contract on purpose: development tools.
    expect((await checked(`${url}/dev/faults`)).status).toBe(200);
  });

  it("reads the reference strictly (no field the document does not name), an implementation leniently", async () => {
    const checked = contractCheckedFetch(() => url);
    answer = { status: 200, type: "application/json", body: JSON.stringify({ ...results, labSystemVersion: "7" }) };
    await expect(checked(`${url}/results/P1`)).rejects.toThrow(/labSystemVersion/);
    const lenient = loadResultsContract();
    const operation = lenient.operationFor("GET", "/results/P1")!;
    expect(
      lenient.problemsWith(operation, { status: 200, headers: new Headers({ "content-type": "application/json" }), body: answer.body }),
    ).toEqual([]);
  });
});
