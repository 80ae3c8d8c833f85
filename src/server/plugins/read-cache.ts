// Visitors' reads of public content are answered from memory until the content changes.
// Only anonymous GETs are cached (staff may see drafts and hidden links), and only on routes that opt in.
import type { Auth } from './auth';
import type { AppInstance, Deps } from '../types';

interface Entry {
  body: string;
  type: string;
}

const MAX_ENTRIES = 1000;

export function registerReadCache(app: AppInstance, deps: Deps, auth: Auth): void {
  const cache = new Map<string, Entry>();
  deps.content.onChange(() => cache.clear());

  const cacheable = (request: { method: string; cookies: Record<string, string | undefined> }) =>
    request.method === 'GET' && !request.cookies[auth.cookieName];

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.publicRead || !cacheable(request)) return;
    const hit = cache.get(request.url);
    if (hit) return reply.type(hit.type).send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.publicRead || !cacheable(request) || reply.statusCode !== 200) return payload;
    if (typeof payload === 'string' && !cache.has(request.url)) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(request.url, { body: payload, type: String(reply.getHeader('content-type') ?? 'application/json') });
    }
    return payload;
  });
}
