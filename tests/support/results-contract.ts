import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { loadResultsContract } from "../../platform/results/contract/results-contract.ts";

/**
 * The results API's document, read strictly (no property it does not name): every answer a test of
 * the reference service gets goes through `contractCheckedFetch`, so the service and the document
 * cannot drift apart unnoticed.
 */
const contract = loadResultsContract({ strict: true });

/**
 * Routes of the reference service that the document leaves out on purpose (its description says
 * why): development tools, the report documents behind `providerReportUrl`, and its own readiness.
 */
const OUTSIDE_THE_CONTRACT = [/^\/dev\//, /^\/documents\//, /^\/readyz$/];

export class ContractViolation extends Error {}

/** The fetch of Node itself, kept before any test puts the checked one in its place. */
const nodeFetch = globalThis.fetch;

function methodOf(input: Parameters<typeof fetch>[0], init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

/**
 * A fetch for a test of the results service: its answers are checked against the document (an
 * operation it has, a status it lists, its content type, a body its schema allows, its required
 * headers), and one the document does not allow rejects with what is wrong, failing the test. With
 * `resultsServiceUrl`, only answers from that service are checked (the test calls others too); the
 * routes outside the contract are fetched as they are.
 */
export function contractCheckedFetch(resultsServiceUrl?: () => string | undefined, violations: string[] = []): typeof fetch {
  const violation = (message: string) => {
    violations.push(message);
    return new ContractViolation(message);
  };
  return async function checkedFetch(input, init) {
    const response = await nodeFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (resultsServiceUrl) {
      const serviceUrl = resultsServiceUrl();
      if (!serviceUrl || url.origin !== new URL(serviceUrl).origin) return response;
    }
    const pathname = url.pathname;
    if (OUTSIDE_THE_CONTRACT.some((pattern) => pattern.test(pathname))) return response;
    const method = methodOf(input, init);
    const operation = contract.operationFor(method, pathname);
    if (!operation) {
      await response.body?.cancel();
      throw violation(`${method} ${pathname} is not an operation of platform/results/openapi.yaml`);
    }
    const mediaType = response.headers.get("content-type") ?? "";
    const readBody = method !== "HEAD" && (contract.answersJson(operation, response.status) || mediaType.startsWith("application/json"));
    const body = readBody ? await response.clone().text() : undefined;
    const problems = contract.problemsWith(operation, { status: response.status, headers: response.headers, body });
    if (problems.length > 0) {
      throw violation(
        `${operation.operationId} (${method} ${operation.path}) answered ${response.status}, which platform/results/openapi.yaml does not allow: ` +
          `${problems.join("; ")}${body ? `\nbody: ${body.slice(0, 500)}` : ""}`,
      );
    }
    return response;
  } as typeof fetch;
}

/**
 * For a test file whose code under test calls the results service itself (the identity service's
 * kit-step and share-notice senders): every fetch of the file, the code's own included, goes through
 * the check, and a test fails on any answer the document does not allow, even one the code caught.
 */
export function checkEveryResultsAnswer(resultsServiceUrl: () => string | undefined): void {
  const violations: string[] = [];
  beforeAll(() => {
    vi.stubGlobal("fetch", contractCheckedFetch(resultsServiceUrl, violations));
  });
  afterEach(() => {
    expect(violations.splice(0), "answers of the results service that platform/results/openapi.yaml does not allow").toEqual([]);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}
