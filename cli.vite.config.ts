import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The `wd` CLI, built like the app: one ES module bundle (out/cli/wd.js) with every dependency
 * inside except the native better-sqlite3 addon, so a command starts without compiling
 * TypeScript (`npm run build:cli`; package.json `bin` points at it).
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
      // Still one file: a dynamic import (undici, loaded on the first request) stays inside it.
      output: { entryFileNames: 'wd.js', banner: '#!/usr/bin/env node', inlineDynamicImports: true },
    },
  },
  ssr: { noExternal: true, external: ['better-sqlite3'] },
});
