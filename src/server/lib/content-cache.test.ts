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
  const content = new ContentEvents(database);
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
