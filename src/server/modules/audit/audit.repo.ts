// The audit log (issue 23): who did what, when, from where, to what, and which fields changed.
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/** A before/after summary of changed fields: never a password, secret or token. */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

export interface AuditEntry {
  /** e.g. 'app.update', 'sign-in.success'. */
  action: string;
  targetType?: string;
  targetId?: string | number;
  targetLabel?: string;
  changes?: AuditChanges | null;
}

export interface AuditActor {
  actorId: number | null;
  actorName: string;
  address: string;
}

export function auditRepo(db: Db, now: () => Date) {
  return {
    async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        at: now(),
        actorId: actor.actorId,
        actorName: actor.actorName,
        address: actor.address,
        action: entry.action,
        targetType: entry.targetType ?? '',
        targetId: entry.targetId === undefined ? '' : String(entry.targetId),
        targetLabel: entry.targetLabel ?? '',
        changes: entry.changes ?? null,
      });
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
