import { defineConfig } from 'vitest/config';

// The API suite runs on the embedded database always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// Test files share a worker's modules (`isolate: false`): the server's modules are imported once per
// worker, not once per file, which was most of a file's time. Each file still builds its own app on
// its own database (tests/setup/test-app.ts) and stops it at its end (tests/setup/file-end.ts).
// A file that replaces a module with vi.mock needs modules of its own, and runs isolated, once.
const MOCKS_MODULES = ['src/server/lib/passwords.test.ts'];

const shared = {
  include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
  exclude: ['tests/e2e/**', 'node_modules/**'],
  globalSetup: ['tests/setup/global-setup.ts'],
  setupFiles: ['tests/setup/console-errors.ts', 'tests/setup/after-file.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two files at a time on the two cores CI has (Vitest's default there is one): much of a file's
    // time is spent waiting on a database or a child process.
    maxWorkers: 2,
    projects: [
      ...engines.map((engine) => ({
        test: {
          ...shared,
          name: engine,
          exclude: [...shared.exclude, ...MOCKS_MODULES],
          env: { TEST_ENGINE: engine },
          isolate: false,
        },
      })),
      { test: { ...shared, name: 'isolated', include: MOCKS_MODULES, env: { TEST_ENGINE: 'pglite' } } },
    ],
  },
});
