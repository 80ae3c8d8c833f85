// The forms that work without JavaScript post application/x-www-form-urlencoded; the API takes JSON
// alone. A plugin that serves such a form accepts form bodies inside itself (encapsulated) only.
import type { FastifyInstance } from 'fastify';

/** Parses form bodies into a plain object of strings, in this plugin's scope only. */
export function acceptFormBodies(scope: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body: string, done) => done(null, Object.fromEntries(new URLSearchParams(body))),
  );
}
