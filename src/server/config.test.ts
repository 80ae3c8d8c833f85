import { describe, expect, it } from 'vitest';
import { ConfigError, isHttps, loadConfig } from './config';

describe('config', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      siteUrl: 'http://localhost:3000',
      siteName: 'Northpaw Studio',
      adminUsername: 'admin',
      adminPassword: undefined,
      logLevel: 'info',
    });
    expect(isHttps(config)).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/data',
      DATABASE_URL: 'postgres://u@db:5432/site',
      SITE_URL: 'https://studio.example/',
      SITE_NAME: 'Tiny Lights',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'long-enough',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES: '5',
      CONTACT_MAX_PER_HOUR: '3',
      SEED_DEMO_CONTENT: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/data',
      databaseUrl: 'postgres://u@db:5432/site',
      siteUrl: 'https://studio.example',
      siteName: 'Tiny Lights',
      adminUsername: 'owner',
      adminPassword: 'long-enough',
      logLevel: 'warn',
      trustProxy: 1,
      loginMaxFailures: 5,
      contactMaxPerHour: 3,
      seedDemoContent: false,
    });
    expect(isHttps(config)).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ' })).toMatchObject({
      databaseUrl: undefined,
      adminPassword: undefined,
    });
  });

  it('stops with a clear list of every bad value', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SITE_URL: 'ftp://x',
        ADMIN_PASSWORD: 'short',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PORT', 'DATABASE_URL', 'SITE_URL', 'ADMIN_PASSWORD', 'LOG_LEVEL'])
        expect(message).toContain(`  ${name}:`);
      expect(message).toContain('must be at least 8 characters');
    }
  });
});
