// One transaction around several repos' writes (issue 23: an audit entry commits with its change).
// Repos keep the `db` they were built with; that `db` is a thin Proxy that sends every call to the
// open scope's transaction when the caller runs inside `scope.run(fn)` (an AsyncLocalStorage, so
// concurrent requests never share one), else to the database itself. A repo's own `db.transaction`
// inside a scope becomes a savepoint of the scope's transaction.
//
// Rules for code inside a scope: await only database work there (never image conversion, streaming
// or mail), so the transaction is short (PostgreSQL ends sessions idle in a transaction after
// PG_TIMEOUTS.idleInTransactionMs) and, on PGlite's single connection, nothing waits for the base
// database while the scope holds it. Side effects that others may act on (content-change signals,
// wake-ups) go through `afterCommit`, so no reader caches what may still roll back.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

interface Open {
  tx: Db;
  /** Run in order once the transaction has committed (dropped if it rolls back). */
  committed: Array<() => unknown>;
}

export interface TransactionScope {
  /** The database as repos see it: the open scope's transaction inside `run`, the database outside. */
  db: Db;
  /**
   * Runs fn in one transaction: every repo call inside it (however deep) joins it, and it commits
   * when fn resolves or rolls back when fn throws. Inside another scope it is that scope's savepoint.
   */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs fn after the open scope commits (never if it rolls back); at once outside a scope. */
  afterCommit(fn: () => unknown): void;
  /** Whether the caller is inside a scope. */
  readonly active: boolean;
}

export function transactionScope(base: Db): TransactionScope {
  const storage = new AsyncLocalStorage<Open>();
  const current = (): Db => storage.getStore()?.tx ?? base;

  const db = new Proxy(base, {
    get(_target, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  const runAfterCommit = (callbacks: Array<() => unknown>) => {
    for (const fn of callbacks) {
      try {
        const result = fn();
        if (result instanceof Promise) result.catch(() => {});
      } catch {
        // The change is committed: a follow-up that fails (it reports its own errors) cannot undo it.
      }
    }
  };

  return {
    db,
    async run(fn) {
      const outer = storage.getStore();
      if (outer) {
        // A savepoint: its after-commit work joins the outer transaction's when it is released.
        const committed: Array<() => unknown> = [];
        const result = await outer.tx.transaction(async (tx) =>
          storage.run({ tx: tx as unknown as Db, committed }, fn),
        );
        outer.committed.push(...committed);
        return result;
      }
      const committed: Array<() => unknown> = [];
      const result = await base.transaction(async (tx) => storage.run({ tx: tx as unknown as Db, committed }, fn));
      runAfterCommit(committed);
      return result;
    },
    afterCommit(fn) {
      const open = storage.getStore();
      if (open) open.committed.push(fn);
      else runAfterCommit([fn]);
    },
    get active() {
      return storage.getStore() !== undefined;
    },
  };
}
