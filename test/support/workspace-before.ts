import { join } from 'node:path';
import { workspaceMigrations } from '../../src/main/core/db/migrations/workspace';
import { openDatabase, type Db } from '../../src/main/core/db/open';
import { tempDir } from './temp';

/**
 * A workspace file as the app version before migration `version` left it (every earlier migration
 * run), in a fresh directory: the test fills `before`, closes it, then opens `file` with
 * `upgrade()` to run the migrations from there. `cleanup` closes what `upgrade()` opened and
 * removes the directory.
 */
export function workspaceBefore(version: number): { file: string; before: Db; upgrade: () => Db; cleanup: () => void } {
  const t = tempDir();
  const file = join(t.dir, 'ws.db');
  const before = openDatabase(
    file,
    workspaceMigrations.filter((m) => m.version < version),
  );
  let upgraded: Db | null = null;
  return {
    file,
    before,
    upgrade: () => (upgraded = openDatabase(file, workspaceMigrations)),
    cleanup: () => {
      upgraded?.close();
      t.cleanup();
    },
  };
}
