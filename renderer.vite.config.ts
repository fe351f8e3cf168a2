import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';

/**
 * The renderer's Vite config, shared by electron-vite (Electron builds) and `npm run build:web`
 * (the web host, for development and end-to-end tests). Relative base: the same files load from
 * app://, file:// and http://127.0.0.1.
 */
export const rendererConfig: UserConfig = {
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
    // One bundle for the app, loaded from disk; the print sheet (with its barcode writer, bwip-js,
    // ~900 kB) is a chunk of its own, loaded when a sheet first opens (print/LazyPrintPreview.tsx).
    chunkSizeWarningLimit: 1500,
  },
};

export default defineConfig(rendererConfig);
