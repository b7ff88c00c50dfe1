import { defineConfig } from 'vitest/config';

// Tests that need a real PostgreSQL server (and Redis) (TEST_DATABASE_URL, REDIS_URL; CI sets both). Without them the
// files are left out of the run rather than skipped: there is nothing for them to run against.
const needsServices = ['apps/server/src/scale-out.test.ts', 'apps/server/src/db/connection-cut.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : needsServices,
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/web',
    ],
  },
});
