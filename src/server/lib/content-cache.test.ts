import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { ContentCache } from './content-cache';
import { ContentEvents } from './content-events';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

function cacheOf(maxBytes: number) {
  const content = new ContentEvents(database, () => new Date('2026-01-01T00:00:00Z'));
  const cache = new ContentCache<{ body: string }>(content, { maxBytes, sizeOf: (v) => v.body.length });
  return { cache, content };
}

describe('content cache', () => {
  it('does not store a value computed while content changed (the change notice came mid-render)', async () => {
    const { cache, content } = cacheOf(1000);
    const ticket = cache.ticket();
    await content.changed(); // a write here, or the notice of one on another instance
    expect(cache.set('/about', { body: 'old text' }, ticket)).toBe(false);
    expect(cache.get('/about')).toBeUndefined();
    // A value computed after the change is stored.
    expect(cache.set('/about', { body: 'new text' }, cache.ticket())).toBe(true);
    expect(cache.get('/about')?.body).toBe('new text');
  });

  it('ends its entries when content changes by itself (a scheduled change), by the clock given', () => {
    let at = new Date('2026-11-30T23:59:59Z');
    const content = new ContentEvents(database, () => at);
    const cache = new ContentCache<{ body: string }>(content, { maxBytes: 1000, sizeOf: (v) => v.body.length });
    // A read saw a privacy version taking effect on 1 December.
    const ticket = cache.ticket();
    content.changesAt(new Date('2026-12-01T00:00:00Z'));
    cache.set('/apps/a/privacy', { body: 'November text' }, ticket);
    expect(cache.get('/apps/a/privacy')?.body).toBe('November text');
    at = new Date('2026-12-01T00:00:00Z');
    expect(cache.get('/apps/a/privacy')).toBeUndefined();
    // A value computed before the moment and stored after it is refused too.
    const late = cache.ticket();
    content.changesAt(new Date('2026-12-02T00:00:00Z'));
    at = new Date('2026-12-02T00:00:01Z');
    expect(cache.set('/apps/a/privacy', { body: 'stale' }, late)).toBe(false);
    // With nothing scheduled, time alone changes nothing.
    cache.set('/about', { body: 'about' }, cache.ticket());
    at = new Date('2030-01-01T00:00:00Z');
    expect(cache.get('/about')?.body).toBe('about');
  });

  it('is emptied by a change', async () => {
    const { cache, content } = cacheOf(1000);
    cache.set('/', { body: 'home' }, cache.ticket());
    await content.changed();
    expect(cache.size).toBe(0);
  });

  it('holds at most its byte budget, dropping the least recently used, and never one huge entry', async () => {
    const { cache } = cacheOf(10_000);
    for (let i = 0; i < 200; i += 1) cache.set(`/k${i}`, { body: 'x'.repeat(1000) }, cache.ticket());
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(10);
    expect(cache.get('/k199')).toBeDefined();
    expect(cache.get('/k0')).toBeUndefined();
    // Over a quarter of the budget: not kept, and nothing else is evicted for it.
    expect(cache.set('/huge', { body: 'x'.repeat(3000) }, cache.ticket())).toBe(false);
    expect(cache.size).toBe(10);
  });
});
