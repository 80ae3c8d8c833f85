import { defineConfig, devices } from '@playwright/test';
import { browserPath } from './scripts/find-browser';

// End-to-end tests: the production build on a fresh embedded database, in the Chromium that
// scripts/find-browser.ts picks (CHROMIUM_PATH, a system Chromium or Chrome, or Playwright's own).
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = `test-results/e2e-data-${port}`;
// A real SMTP server beside the site keeps what it is sent here (tests/e2e/mail-sink.ts, issue 21).
const mailPort = port + 20_000;
export const E2E_MAIL_DIR = `test-results/e2e-mail-${port}`;
const chromium = browserPath();

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-output-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Against a hang, not a speed check: the longest tests take about 16 s on a quiet machine, and CI
  // has run up to three times slower.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: `rm -rf ${E2E_MAIL_DIR} && node --import tsx tests/e2e/mail-sink.ts`,
      port: mailPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_SINK_PORT: String(mailPort), MAIL_SINK_DIR: E2E_MAIL_DIR },
    },
    {
      command: `rm -rf ${dataDir} && node --import tsx src/server/index.ts`,
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        CONTACT_MAX_PER_HOUR: '1000',
        LOGIN_MAX_FAILURES: '1000',
        // Mail goes to the sink: deletion requests are confirmed by an emailed link (issue 21).
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        NOTIFY_EMAIL_TO: 'studio@example.com',
        DELETION_MAILS_PER_ADDRESS: '1000',
        DELETION_MAILS_PER_DAY: '1000',
        // Two shards share the machine's cores (scripts/e2e.ts), each with a browser and a server:
        // a server may wait over a second for a core. Shedding at one second of lag and closing idle
        // connections after five are production's answers to overload (tested in the API suite);
        // here they would refuse or reset a test's request for the machine's sake, not the site's.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '10000',
        KEEP_ALIVE_TIMEOUT_MS: '60000',
      },
    },
  ],
});
