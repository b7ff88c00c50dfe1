import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests that need a shared Redis (REDIS_URL; CI sets it). Without it the files are left out of the run rather than
// skipped: there is nothing for them to run against. PostgreSQL is always there: TEST_DATABASE_URL, or an embedded
// server the global setup starts.
const needsRedis = ['apps/server/src/scale-out.test.ts'];
// Server test files that replace a module (vi.mock) run in a fresh module graph of their own; the others share one per
// worker, which they leave as they found it (each builds its own app on its own database).
const replacesModules = ['apps/server/src/modules/images/images.full-disk.test.ts'];

/** The server tests' settings: one PostgreSQL template (global setup) per project, real servers, slow machines. */
const serverProject = (name: string, include: string[], exclude: string[], isolate: boolean) => ({
  test: {
    name,
    include,
    exclude,
    globalSetup: ['apps/server/test/global-setup.ts'],
    environment: 'node' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    isolate,
  },
});

export default defineConfig({
  test: {
    // One worker more than vitest's default (cores - 1): the test files spend much of their time waiting on PostgreSQL
    // and on servers they start, so on 2 cores two workers take the suite from ~12 to ~9 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The browser-side client: jsdom for localStorage; its HTTP tests call a real server the test starts.
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], environment: 'jsdom' } },
      // The UI kit: components rendered in jsdom.
      {
        test: {
          name: 'ui',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/ui/test-setup.ts'],
        },
      },
      // Importing the server's module graph took half the suite's time when every file imported it afresh (~2 s a file).
      serverProject(
        'server',
        ['apps/server/src/**/*.test.ts'],
        [...(process.env.REDIS_URL ? [] : needsRedis), ...replacesModules],
        false,
      ),
      serverProject('server-isolated', replacesModules, [], true),
      'apps/web',
      'apps/shop',
    ],
  },
});
