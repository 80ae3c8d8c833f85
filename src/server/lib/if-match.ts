// The version an edit is based on (issue 12): `If-Match: "7"` (HTTP's own precondition, so the
// spec's request bodies stay as they are) or, for API clients, `version` in the body.
import type { FastifyRequest } from 'fastify';

/** `"7"`, `W/"7"` or `7` → 7; anything else (or none) → undefined. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  const match = typeof header === 'string' ? /^(?:W\/)?"?(\d{1,10})"?$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

export function editVersion(request: FastifyRequest): number | undefined {
  const body = request.body as { version?: unknown } | undefined;
  return typeof body?.version === 'number' ? body.version : ifMatchVersion(request);
}
