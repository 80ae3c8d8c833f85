// The one way a module records an audit entry: `deps.audit.record(request, entry)`. The actor and
// address come from the request (the signed-in staff member, or `as` for a sign-in not yet complete).
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditRepo } from './audit.repo';

export interface Audit {
  record(request: FastifyRequest, entry: AuditEntry, as?: { id: number; username: string } | null): Promise<void>;
}

export function createAudit(repo: AuditRepo): Audit {
  return {
    async record(request, entry, as) {
      const actor = as === undefined ? request.user : as;
      await repo.record({ actorId: actor?.id ?? null, actorName: actor?.username ?? '', address: request.ip }, entry);
    },
  };
}
