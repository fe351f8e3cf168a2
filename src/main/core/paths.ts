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
      return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
    case 'darwin':
      return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
    default:
      // Set but empty is unset, as Chromium (and so Electron's appData) takes it: an empty
      // XDG_CONFIG_HOME put the CLI's data in a "Warehouse Desk" folder of the current directory.
      return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), PRODUCT_NAME);
  }
}

/**
 * `wd`'s options before the command: `--json`, `--data-dir DIR` / `--data-dir=DIR` and `--help`.
 * Read by the CLI and by its launcher, which keeps V8's code cache in the same data directory.
 * `next` is the index of the command; `missingDataDir` is a `--data-dir` with no folder.
 */
export function leadingOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { dataDir: string; json: boolean; help: boolean; missingDataDir: boolean; next: number } {
  let dataDir: string | undefined;
  let json = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--data-dir') {
      const v = argv[i + 1];
      if (!v) return { dataDir: defaultDataDir(env), json, help: false, missingDataDir: true, next: i };
      dataDir = v;
      i++;
    } else if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (a === '--help' || a === '-h')
      return { dataDir: dataDir ?? defaultDataDir(env), json, help: true, missingDataDir: false, next: i };
    else break;
  }
  return { dataDir: dataDir ?? defaultDataDir(env), json, help: false, missingDataDir: false, next: i };
}

/**
 * Creates a data folder (or tightens an existing one) so only its owner can list or open it:
 * 0700. It holds customers' personal data. No POSIX modes on Windows (per-user profile folder).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}
