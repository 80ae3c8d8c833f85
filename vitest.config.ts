import { defineConfig } from 'vitest/config';

// The API suite runs on the embedded database always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
        exclude: ['tests/e2e/**', 'node_modules/**'],
        env: { TEST_ENGINE: engine },
        globalSetup: ['tests/setup/global-setup.ts'],
        setupFiles: ['tests/setup/console-errors.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
