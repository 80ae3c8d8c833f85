// Load shedding: when the event loop lags or the heap is nearly full, answer 503 with Retry-After at
// once instead of queueing work without bound. Liveness (/healthz) is always answered, so an
// orchestrator does not restart a process that is only busy.
import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';
import type { AppInstance, Deps } from '../types';

export const RETRY_AFTER_SECONDS = 5;
/**
 * Start-up (migrations, the seed, loading the embedded database) blocks the event loop once; the
 * measurement taken just after it is not overload, so pressure is ignored this long after ready.
 */
export const STARTUP_GRACE_MS = 3_000;
const EXEMPT = new Set(['/healthz']);
const LOG_EVERY_MS = 10_000;

/** The heap threshold in bytes: the configured megabytes, or 90% of V8's heap limit; 0 is off. */
export function heapThresholdBytes(config: Pick<Config, 'overloadHeapUsedMb'>): number {
  if (config.overloadHeapUsedMb !== undefined) return config.overloadHeapUsedMb * 1024 * 1024;
  return Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9);
}

export async function registerLoadShedding(app: AppInstance, deps: Deps): Promise<void> {
  const { config, now } = deps;
  let activeFrom = Infinity;
  let lastLogged = 0;
  app.addHook('onReady', async () => {
    activeFrom = now().getTime() + STARTUP_GRACE_MS;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.overloadEventLoopDelayMs,
    maxHeapUsedBytes: heapThresholdBytes(config),
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (request, reply, type, value) => {
      if (request.routeOptions.url && EXEMPT.has(request.routeOptions.url)) return;
      const at = now().getTime();
      if (at < activeFrom) return;
      if (at - lastLogged > LOG_EVERY_MS) {
        lastLogged = at;
        request.log.warn({ type, value }, 'overloaded: shedding requests with 503');
      }
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new HttpError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a few seconds.');
    },
  });
}
