import { join } from 'node:path';
import { build } from 'vite';

/**
 * Vitest's global set-up for the Node tests: builds the `wd` CLI into out/cli (cli.vite.config.ts,
 * about 1.5 s) once per run, so every test runs the CLI users get (test/support/cli.ts) and none
 * runs a stale build.
 */
export default async function buildCli() {
  const root = join(import.meta.dirname, '../..');
  await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' });
}
