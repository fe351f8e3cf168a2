import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer.vite.config';

/**
 * Electron 45 (package.json devDependencies). electron-vite derives the syntax targets from the
 * installed Electron's major. No source maps in anything that is packaged.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      sourcemap: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/hosts/electron/main.ts') },
        // Native addon: loaded at run time from its Electron-ABI build (scripts/electron-native.mjs).
        external: ['better-sqlite3'],
        // One file: the modules the CLI loads on demand (the sandbox, node:http) stay inside it.
        output: { codeSplitting: false },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      sourcemap: false,
      // A sandboxed preload can require only electron, events, timers and url: bundle everything
      // else (it imports only ../shared/contract-names, no schemas) instead of externalizing
      // `dependencies` as electron-vite does by default.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        external: ['electron'],
        // Sandboxed preloads cannot be ES modules: emit CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: { ...rendererConfig, build: { ...rendererConfig.build, sourcemap: false } },
});
