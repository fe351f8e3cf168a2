import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two cores, and most test files wait (on SQLite's fsync, on a child process, on loopback HTTP)
 * rather than compute: files run three at a time (vitest's default on two cores is one). The built
 * `wd` CLI is built once by the global set-up; the tests run it, not TypeScript through tsx.
 */
const WORKERS = 3;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{core,sandbox,hosts,shared,lint}/**/*.test.ts'],
          globalSetup: ['test/support/build-cli.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          // A worker's files share one module graph (each file makes its own core, sandbox and
          // data directory): the core's modules are imported once per worker, not once per file
          // (60 of 250 CPU-seconds). The renderer's files keep their own (module-level stores).
          isolate: false,
        },
      },
      {
        test: {
          // The warehouse hub on a real PostgreSQL: a throwaway cluster for the run, a database per file.
          name: 'hub',
          environment: 'node',
          include: ['test/hub/**/*.test.ts'],
          globalSetup: ['test/support/build-cli.ts', 'test/support/pg-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          // A test that renders the whole app took over vitest's 5 s on a loaded machine
          // (outbox/moved-writes); the bound is for a test that hangs, not a timing.
          testTimeout: 15_000,
          // jsdom and React only, no native module: worker threads, which start and tear down
          // cheaper than forked processes (32 files: 71 against 86-98 CPU-seconds, side by side).
          pool: 'threads',
          // Fails a test whose fake bridge answered outside the contract (test/renderer/fake-bridge.ts).
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
    ],
  },
});
