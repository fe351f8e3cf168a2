import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const PRODUCT_NAME = 'Warehouse Desk';

/**
 * One data directory per install, the same one Electron uses for userData (appData/productName),
 * so the CLI and the app share settings and cache. WD_DATA_DIR (or --data-dir) overrides it.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WD_DATA_DIR) return resolve(env.WD_DATA_DIR);
  switch (process.platform) {
    case 'win32':
      return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
    case 'darwin':
      return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
    default:
      return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
  }
}

/**
 * Creates a data folder (or tightens an existing one) so only its owner can list or open it:
 * 0700. It holds customers' personal data. No POSIX modes on Windows (per-user profile folder).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}
