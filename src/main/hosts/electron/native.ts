import { app } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The Electron build of better-sqlite3 is not where it should be (a broken install or checkout). */
export class NativeModuleMissing extends Error {
  constructor(readonly path: string) {
    super(`better-sqlite3 for Electron is missing at ${path}; run "node scripts/electron-native.mjs"`);
    this.name = 'NativeModuleMissing';
  }
}

/**
 * better-sqlite3 compiled for Electron's ABI lives apart from the Node build in node_modules, so
 * `npm test` (Node) and `npm start` (Electron) never overwrite each other's binary. The build is
 * made by scripts/electron-native.mjs; packaged apps carry it in resources/native.
 */
export function nativeBindingPath(): string {
  const file = app.isPackaged
    ? join(process.resourcesPath, 'native', 'better_sqlite3.node')
    : join(
        app.getAppPath(),
        '.cache',
        'native',
        `electron-${process.versions.electron}-${process.platform}-${process.arch}`,
        'better_sqlite3.node',
      );
  if (!existsSync(file)) throw new NativeModuleMissing(file);
  return file;
}
