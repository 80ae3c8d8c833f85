// Conditional GETs, answered one way everywhere (media, the files stores fetch, icons, share
// images, rendered pages): a strong ETag names the bytes, and a request whose If-None-Match already
// names it gets 304 with no body.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag for these bytes (27 base64url characters of the digest). */
export function etagOf(body: string | Buffer, algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  return `"${createHash(algorithm).update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag` (a list, weak tags and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strong = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === strong;
  });
}

/**
 * Sets the reply's ETag; when the request already has it, sets 304 and says so (the caller then
 * sends the reply with no body: `if (notModified(request, reply, etag)) return reply.send();`).
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  reply.code(304);
  return true;
}
