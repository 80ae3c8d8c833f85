import { defineConfig } from 'vitest/config';

// The API suite runs on the embedded database always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// Test files share a worker's modules (`isolate: false`): the server's modules are imported once per
// worker, not once per file, which was most of a file's time. Each file still builds its own app on
// its own database (tests/setup/test-app.ts) and stops it at its end (tests/setup/file-end.ts).
// A file that replaces a module with vi.mock needs modules of its own, and runs isolated, once.
const MOCKS_MODULES = ['src/server/lib/passwords.test.ts'];

// Files that run real server processes and judge them by the machine's time or memory (a health
// check answered within a second while images convert, a peak resident size, restarts within a
// budget): they run after the rest, one file at a time, so another file's work does not take the
// cores they measure.
const REAL_SERVERS = [
  'tests/backup-memory.test.ts',
  'tests/backup-scripts.test.ts',
  'tests/campaign-crash.test.ts',
  'tests/cluster.test.ts',
  'tests/crash.test.ts',
  'tests/db-faults.test.ts',
  'tests/image-attacks.test.ts',
  'tests/instances.test.ts',
  'tests/media-move-crash.test.ts',
  'tests/startup.test.ts',
];

const shared = {
  include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
  exclude: ['tests/e2e/**', 'node_modules/**'],
  globalSetup: ['tests/setup/global-setup.ts'],
  setupFiles: ['tests/setup/console-errors.ts', 'tests/setup/after-file.ts'],
  // Limits against a hang, not a speed check (benchmarks measure speed): CI has run this suite up to
  // three times slower than a quiet machine, and a test that takes 12 s here took over 30 s there.
  testTimeout: 60_000,
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
          exclude: [...shared.exclude, ...MOCKS_MODULES, ...REAL_SERVERS],
          env: { TEST_ENGINE: engine },
          isolate: false,
        },
      })),
      { test: { ...shared, name: 'isolated', include: MOCKS_MODULES, env: { TEST_ENGINE: 'pglite' } } },
      // After every other group, one engine after the other, one file at a time.
      ...engines.map((engine, i) => ({
        test: {
          ...shared,
          name: `${engine}-servers`,
          include: REAL_SERVERS,
          env: { TEST_ENGINE: engine },
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: i + 1 },
        },
      })),
    ],
  },
});
