import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractRoutesOnly } from '../../scripts/contract-routes.js';

export default defineConfig({
  plugins: [react(), tailwindcss(), contractRoutesOnly()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  // No source maps in the build: the server would otherwise hand the client's source to anyone.
  build: { outDir: 'dist', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
    // The files share one module graph per worker (importing React and the app once, not per file); the setup file
    // resets what a test leaves behind.
    isolate: false,
  },
});
