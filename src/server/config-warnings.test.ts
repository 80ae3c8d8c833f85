// Start-up checks (issue 8 #20): a production server without SITE_URL says, loudly, what goes wrong.
import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config';

const KEY = 'k'.repeat(32);

describe('start-up warnings', () => {
  it('warn in production when SITE_URL is unset, naming the variable and what it breaks', () => {
    const [warning, ...rest] = startupWarnings(loadConfig({ PORT: '8080', SECRET_KEY: KEY }));
    expect(rest).toEqual([]);
    expect(warning).toContain('SITE_URL is not set');
    expect(warning).toContain('http://localhost:8080');
    expect(warning).toContain('docs/deploy.md');
  });

  it('are quiet once SITE_URL is set, and in development and tests', () => {
    expect(startupWarnings(loadConfig({ SITE_URL: 'https://studio.example', SECRET_KEY: KEY }))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });

  it('warn when SECRET_KEY is unset in production, or wherever instances share PostgreSQL (issue 23)', () => {
    const site = 'https://studio.example';
    const [production] = startupWarnings(loadConfig({ SITE_URL: site, DATA_DIR: '/srv/studio' }));
    expect(production).toContain('SECRET_KEY is not set');
    expect(production).toContain('/srv/studio/secret-key');
    expect(production).toContain('docs/deploy.md');
    const [shared] = startupWarnings(
      loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db.internal/studio' }),
    );
    expect(shared).toContain('Every instance that shares this PostgreSQL database needs the same key');
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });
});
