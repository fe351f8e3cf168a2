import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build, defineConfig, type Rollup } from 'vite';

/**
 * The `wd` CLI, built like the app, as CommonJS (a package.json in out/cli says so):
 * - wd.js, what package.json `bin` runs: a few lines (src/main/hosts/cli/launch.ts) that compile
 *   the bundle with V8's code cache kept in the data directory;
 * - wd-main.js, the bundle: every dependency inside except the native better-sqlite3 addon, so a
 *   command starts without compiling TypeScript; minified (less text to read and parse at each
 *   start; the source map beside it maps it back);
 * - chunks read only by the commands that need them: undici (wd-undici.js, 970 kB unminified,
 *   about 35 ms of a 320 ms start, A/B), the sandbox and the web host (node:http);
 * - wd-page-reader.js, the thread a sync reads its pages on (src/main/core/packages/page-reader.ts):
 *   a bundle of its own, built beside the others (as an input here it would move what it shares
 *   with wd-main.js, zod among it, into a chunk every command reads).
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: resolve(import.meta.dirname, 'out/cli'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: true,
    rollupOptions: {
      input: {
        wd: resolve(import.meta.dirname, 'src/main/hosts/cli/launch.ts'),
        'wd-main': resolve(import.meta.dirname, 'src/main/hosts/cli/bin.ts'),
      },
      external: ['better-sqlite3', 'pg-native'],
      output: {
        format: 'cjs',
        // Only ASCII in the bundle (Turkish text as \u escapes): V8 then keeps its source as one
        // byte a character instead of two; A/B, `wd lookup` p50 5–7 ms sooner (25–30 interleaved runs).
        charset: 'ascii',
        entryFileNames: '[name].js',
        chunkFileNames: 'wd-[name].js',
        banner: (c) => (c.isEntry && c.name === 'wd' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
  ssr: { noExternal: true, external: ['better-sqlite3', 'pg-native'] },
  plugins: [
    {
      name: 'wd-page-reader',
      async generateBundle() {
        const out = (await build({
          configFile: false,
          logLevel: 'warn',
          build: {
            ssr: true,
            write: false,
            target: 'node20',
            minify: true,
            rollupOptions: {
              input: resolve(import.meta.dirname, 'src/main/core/packages/page-reader-worker.ts'),
              output: { format: 'cjs', entryFileNames: 'wd-page-reader.js', codeSplitting: false },
            },
          },
          ssr: { noExternal: true },
        })) as Rollup.RollupOutput | Rollup.RollupOutput[];
        const chunk = (Array.isArray(out) ? out[0]! : out).output[0];
        this.emitFile({ type: 'asset', fileName: 'wd-page-reader.js', source: chunk.code });
      },
    },
    {
      name: 'wd-commonjs-package',
      generateBundle(_, bundle) {
        this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "commonjs" }\n' });
        // The launcher names its code cache by the bundle's hash, worked out here once instead of
        // at every start (node:crypto alone is about 10 ms to load). Same length as the
        // placeholder, so the launcher's source map still fits.
        const main = bundle['wd-main.js'];
        const launcher = bundle['wd.js'];
        const placeholder = 'wd-main-hash-from-the-build-0000';
        if (main?.type !== 'chunk' || launcher?.type !== 'chunk' || !launcher.code.includes(placeholder))
          this.error('wd.js and wd-main.js must both be built, with the hash placeholder in wd.js');
        const hash = createHash('sha256').update(main.code).digest('hex').slice(0, 32);
        launcher.code = launcher.code.replaceAll(placeholder, hash);
      },
    },
  ],
});
