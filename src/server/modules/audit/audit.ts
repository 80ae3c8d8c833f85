// The one way a module records an audit entry. A staff change goes through
// `deps.audit.change(request, async (log) => { …writes…; log(entry); return result })`: the writes
// and the entries share one transaction (nothing is written, and nothing logged, when the work
// throws). `deps.audit.record(request, entry)` records an event that changes nothing else (a sign-in,
// a backup download). The actor and address come from the request (the signed-in staff member, or
// `as` for a sign-in not yet complete).
import type { FastifyRequest } from 'fastify';
import type { TransactionScope } from '../../db/scope';
import { rowChange } from './audit-changes';
import type { AuditEntry, AuditRepo } from './audit.repo';

type Actor = { id: number; username: string } | null;
type Row = object | null | undefined;

/** One audited write of one record (see `Audit.write`). */
export interface RecordWrite<T> {
  /** The record's kind ('app', 'post', 'settings'): the target type and the action's first part. */
  type: string;
  /** 'create', 'update', 'delete', 'publish'…: the action's second part (or chosen from before and after). */
  verb: string | ((before: Row, after: Row) => string);
  /** The record as it is before the write (read inside the transaction); none for a creation. */
  before?: () => Promise<Row>;
  /** The write itself; a falsy result (not found, nothing to do) records nothing. */
  write: () => Promise<T>;
  /** The record after the write, from its result (default: the result itself; null for a deletion). */
  after?: (result: T) => Row;
  /** The target's id and name when the record does not carry them (`id`, `title`/`name`…). */
  id?: string | number;
  label?: string;
}

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
  /**
   * The usual change of one record: reads it before, writes, and logs `<type>.<verb>` with the
   * fields that changed (audit-changes.ts), all in one transaction.
   */
  write<T>(request: FastifyRequest, spec: RecordWrite<T>): Promise<T>;
}

export function createAudit(repo: AuditRepo, scope: TransactionScope): Audit {
  const actorOf = (request: FastifyRequest, as: Actor | undefined) => {
    const actor = as === undefined ? request.user : as;
    return { actorId: actor?.id ?? null, actorName: actor?.username ?? '', address: request.ip };
  };
  const audit: Audit = {
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
    write(request, { type, verb, before, write, after, id, label }) {
      return audit.change(request, async (log) => {
        const was = before ? await before() : undefined;
        const result = await write();
        if (!result) return result;
        const is = after ? after(result) : typeof result === 'object' ? (result as object) : undefined;
        log(
          rowChange(type, typeof verb === 'string' ? verb : verb(was, is), {
            before: was as Record<string, unknown> | undefined,
            after: is as Record<string, unknown> | undefined,
            id,
            label,
          }),
        );
        return result;
      });
    },
  };
  return audit;
}
