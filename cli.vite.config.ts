import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The `wd` CLI, built like the app: an ES module bundle (out/cli/wd.js) with every dependency
 * inside except the native better-sqlite3 addon, so a command starts without compiling
 * TypeScript (`npm run build:cli`; package.json `bin` points at it). undici, loaded with the first
 * request, is a second file beside it (wd-undici.js): a command that never goes online (`wd
 * lookup`) does not read and compile its 970 kB (about 35 ms of a 320 ms start, A/B).
 */
export default defineConfig({
  build: {
    ssr: resolve(import.meta.dirname, 'src/main/hosts/cli/bin.ts'),
    outDir: resolve(import.meta.dirname, 'out/cli'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      external: ['better-sqlite3'],
      output: { entryFileNames: 'wd.js', chunkFileNames: 'wd-[name].js', banner: (c) => (c.isEntry ? '#!/usr/bin/env node' : '') },
    },
  },
  ssr: { noExternal: true, external: ['better-sqlite3'] },
});
