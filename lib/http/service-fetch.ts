import { assertOutsideTransaction } from "../postgres/transaction-scope.ts";

/**
 * `fetch` for a call to another service (the identity provider, the results service, a message
 * provider). It refuses to run inside a database transaction: lint sends every server-side call here.
 */
export function serviceFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  assertOutsideTransaction(`a call to ${new URL(input).origin}`);
  return fetch(input, init);
}
