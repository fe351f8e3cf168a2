import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The `wd` CLI, built like the app, as CommonJS (a package.json in out/cli says so):
 * - wd.js, what package.json `bin` runs: a few lines (src/main/hosts/cli/launch.ts) that compile
 *   the bundle with V8's code cache kept in the data directory;
 * - wd-main.js, the bundle: every dependency inside except the native better-sqlite3 addon, so a
 *   command starts without compiling TypeScript; minified (less text to read and parse at each
 *   start; the source map beside it maps it back);
 * - chunks read only by the commands that need them: undici (wd-undici.js, 970 kB unminified,
 *   about 35 ms of a 320 ms start, A/B), the sandbox and the web host (node:http).
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
      external: ['better-sqlite3'],
      output: {
        format: 'cjs',
        entryFileNames: '[name].js',
        chunkFileNames: 'wd-[name].js',
        banner: (c) => (c.isEntry && c.name === 'wd' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
  ssr: { noExternal: true, external: ['better-sqlite3'] },
  plugins: [
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
