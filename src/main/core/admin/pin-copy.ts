import { clockOf, type Clock } from '../clock';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../paths';
import type { PinCopy } from './admin-gate';

/**
 * The administrator PIN's verifier (never the PIN) kept beside the workspaces, in
 * `workspaces/admin-pin.json` (0600): app.db deleted, emptied or replaced does not reset the PIN.
 * Deleting the whole data directory still does (README: the documented PIN reset).
 */
export function pinCopyIn(dataDir: string, clock: Clock = clockOf()): PinCopy {
  const dir = join(dataDir, 'workspaces');
  const file = join(dir, 'admin-pin.json');
  return {
    read() {
      if (!existsSync(file)) return null;
      const v = (JSON.parse(readFileSync(file, 'utf8')) as { verifier?: unknown }).verifier;
      return typeof v === 'string' && v.startsWith('scrypt$') ? v : null;
    },
    write(verifier) {
      ensurePrivateDir(dir);
      writeFileSync(`${file}.part`, JSON.stringify({ verifier, savedAt: clock.iso() }), { mode: 0o600 });
      renameSync(`${file}.part`, file);
    },
  };
}
