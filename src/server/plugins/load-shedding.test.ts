// Load shedding (issue 8 #21): under pressure every request but the liveness check gets a quick 503
// with Retry-After in the one error shape. A heap threshold of 1 MB is pressure from the first sample.
import v8 from 'node:v8';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { loadConfig } from '../config';
import { heapThresholdBytes, RETRY_AFTER_SECONDS, STARTUP_GRACE_MS } from './load-shedding';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ overloadHeapUsedMb: 1 });
});

describe('under pressure', () => {
  it('answers during the start-up grace, then sheds with 503 and Retry-After; /healthz always answers', async () => {
    // The first measurement comes one sample interval after start.
    await vi.waitFor(() => expect(ctx.app.isUnderPressure()).toBe(true), { timeout: 5_000, interval: 50 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/apps' })).statusCode).toBe(200);

    ctx.clock.offsetMs = STARTUP_GRACE_MS + 1;
    for (const [method, url] of [
      ['GET', '/api/apps'],
      ['GET', '/readyz'],
      ['POST', '/api/admin/login'],
      ['GET', '/no-such-page'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(503);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({
        message: 'The server is busy. Please try again in a few seconds.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }

    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});

describe('thresholds', () => {
  it('default to a mean event-loop delay of 1 s and 90% of the heap limit, and 0 turns them off', () => {
    const defaults = loadConfig({});
    expect(defaults.overloadEventLoopDelayMs).toBe(1_000);
    expect(heapThresholdBytes(defaults)).toBe(Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9));
    expect(heapThresholdBytes(loadConfig({ OVERLOAD_HEAP_USED_MB: '512' }))).toBe(512 * 1024 * 1024);
    expect(heapThresholdBytes(loadConfig({ OVERLOAD_HEAP_USED_MB: '0' }))).toBe(0);
  });
});
