// How many processes serve (WEB_CONCURRENCY, decision 129) and how soon a dead worker is replaced.
import { describe, expect, it } from 'vitest';
import { FIRST_RESTART_DELAY_MS, MAX_RESTART_DELAY_MS, restartDelay } from './cluster';
import { loadConfig, serverProcesses, startupWarnings } from './config';

const KEY = 'k'.repeat(32);
const SITE = 'https://studio.example';
const PG = 'postgres://db.internal/studio';

describe('serverProcesses', () => {
  it('is one per core on PostgreSQL by default, or WEB_CONCURRENCY', () => {
    expect(serverProcesses(loadConfig({ DATABASE_URL: PG }), 8)).toEqual({ count: 8 });
    expect(serverProcesses(loadConfig({ DATABASE_URL: PG, WEB_CONCURRENCY: '3' }), 8)).toEqual({ count: 3 });
    expect(serverProcesses(loadConfig({ DATABASE_URL: PG, WEB_CONCURRENCY: '1' }), 8)).toEqual({ count: 1 });
  });

  it('is always one on the embedded database, and says so when more were asked for', () => {
    expect(serverProcesses(loadConfig({}), 8)).toEqual({ count: 1 });
    const config = loadConfig({ WEB_CONCURRENCY: '4', SITE_URL: SITE, SECRET_KEY: KEY });
    expect(serverProcesses(config, 8).count).toBe(1);
    expect(startupWarnings(config)).toEqual([
      expect.stringContaining('WEB_CONCURRENCY=4 is ignored: the embedded database belongs to one process'),
    ]);
  });

  it('is one in development', () => {
    expect(serverProcesses(loadConfig({ NODE_ENV: 'development', DATABASE_URL: PG }), 8)).toEqual({ count: 1 });
  });

  it('refuses what is not a number of processes', () => {
    for (const value of ['0', '-1', '1.5', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY: must be/);
    }
  });
});

describe('restartDelay', () => {
  it('doubles with each quick death in a row, up to a cap', () => {
    expect(restartDelay(1)).toBe(FIRST_RESTART_DELAY_MS);
    expect(restartDelay(2)).toBe(FIRST_RESTART_DELAY_MS * 2);
    expect(restartDelay(3)).toBe(FIRST_RESTART_DELAY_MS * 4);
    expect(restartDelay(50)).toBe(MAX_RESTART_DELAY_MS);
  });
});
