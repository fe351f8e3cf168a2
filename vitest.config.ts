import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{core,sandbox,hosts,shared,lint}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // SQLite files and loopback servers: a few files at a time is fastest on two cores.
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          // Fails a test whose fake bridge answered outside the contract (test/renderer/fake-bridge.ts).
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
    ],
  },
});
