import { defineConfig } from 'vitest/config';

// One runner, three projects: pure unit tests, API integration (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), and end-to-end in Debian Chromium against a real server process.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: [
            'packages/contracts/test/**/*.test.ts',
            'packages/games/test/**/*.test.ts',
            'apps/web/test/**/*.test.ts',
            'apps/backoffice/test/**/*.test.ts',
            'apps/studio-ui/test/**/*.test.ts',
            // The fault runs' checker (the runs themselves need the cluster: tests/cluster/vitest.config.ts).
            'tests/cluster/invariants.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
