import { join } from 'node:path';
import { workspaceMigrations } from '../../src/main/core/db/migrations/workspace';
import { openDatabase, type Db } from '../../src/main/core/db/open';
import { tempDir } from './temp';

/**
 * A workspace file as the app version before migration `version` left it (every earlier migration
 * run), in a fresh directory: the test fills `before`, closes it, then opens `file` with
 * `upgrade()` to run the migrations from there.
 */
export function workspaceBefore(version: number): { file: string; before: Db; upgrade: () => Db; cleanup: () => void } {
  const t = tempDir();
  const file = join(t.dir, 'ws.db');
  const before = openDatabase(
    file,
    workspaceMigrations.filter((m) => m.version < version),
  );
  return { file, before, upgrade: () => openDatabase(file, workspaceMigrations), cleanup: t.cleanup };
}
