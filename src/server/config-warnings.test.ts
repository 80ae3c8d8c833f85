// Start-up checks (issue 8 #20): a production server without SITE_URL says, loudly, what goes wrong.
import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config';

describe('start-up warnings', () => {
  it('warn in production when SITE_URL is unset, naming the variable and what it breaks', () => {
    const [warning, ...rest] = startupWarnings(loadConfig({ PORT: '8080' }));
    expect(rest).toEqual([]);
    expect(warning).toContain('SITE_URL is not set');
    expect(warning).toContain('http://localhost:8080');
    expect(warning).toContain('docs/deploy.md');
  });

  it('are quiet once SITE_URL is set, and in development and tests', () => {
    expect(startupWarnings(loadConfig({ SITE_URL: 'https://studio.example' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });
});
