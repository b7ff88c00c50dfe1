import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server for the whole run; files run one after another on 2 cores, in one worker that imports the helpers
    // and playwright once (each file still opens its own browser).
    fileParallelism: false,
    isolate: false,
  },
});
