import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which code runs inside a database transaction. No transaction may wait on another service: its
 * locks (and, on the embedded database, the whole database) would be held for as long as that
 * service takes to answer, or to time out.
 */
const openTransaction = new AsyncLocalStorage<true>();

export function insideTransaction<R>(fn: () => Promise<R>): Promise<R> {
  return openTransaction.run(true, fn);
}

export class CallInsideTransactionError extends Error {
  constructor(call: string) {
    super(`${call} was called inside a database transaction; take what is needed, end the transaction, then call`);
    this.name = "CallInsideTransactionError";
  }
}

/** Throws when called inside a transaction; every call to another service goes through this first. */
export function assertOutsideTransaction(call: string): void {
  if (openTransaction.getStore()) throw new CallInsideTransactionError(call);
}
