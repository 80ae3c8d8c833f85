// The one way a module records an audit entry. A staff change goes through
// `deps.audit.change(request, async (log) => { …writes…; log(entry); return result })`: the writes
// and the entries share one transaction (nothing is written, and nothing logged, when the work
// throws). `deps.audit.record(request, entry)` records an event that changes nothing else (a sign-in,
// a backup download). The actor and address come from the request (the signed-in staff member, or
// `as` for a sign-in not yet complete).
import type { FastifyRequest } from 'fastify';
import type { TransactionScope } from '../../db/scope';
import type { AuditEntry, AuditRepo } from './audit.repo';

type Actor = { id: number; username: string } | null;

/** Adds an entry to the change being made; it is written just before the transaction commits. */
export type AuditLog = (entry: AuditEntry) => void;

export interface Audit {
  record(request: FastifyRequest, entry: AuditEntry, as?: Actor): Promise<void>;
  /**
   * Runs the writes of one staff change in a transaction with their entries. Await only database
   * work inside (convert images, stream and send mail before or after), and start background work
   * (kicks, signals) after it returns: see db/scope.ts.
   */
  change<T>(request: FastifyRequest, work: (log: AuditLog) => Promise<T>, as?: Actor): Promise<T>;
}

export function createAudit(repo: AuditRepo, scope: TransactionScope): Audit {
  const actorOf = (request: FastifyRequest, as: Actor | undefined) => {
    const actor = as === undefined ? request.user : as;
    return { actorId: actor?.id ?? null, actorName: actor?.username ?? '', address: request.ip };
  };
  return {
    async record(request, entry, as) {
      await repo.record(actorOf(request, as), entry);
    },
    async change(request, work, as) {
      return scope.run(async () => {
        const entries: AuditEntry[] = [];
        const result = await work((entry) => entries.push(entry));
        const actor = actorOf(request, as);
        for (const entry of entries) await repo.record(actor, entry);
        return result;
      });
    },
  };
}
