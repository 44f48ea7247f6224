import { defineConfig } from 'vitest/config';

// The cluster's smoke test runs on its own (CLUSTER_TEST=1 npx vitest run --config tests/cluster/vitest.config.ts):
// no project of the root config includes it, so `npm test` and CI never start the cluster.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
