import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/core/db/open';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { tempDir } from '../../support/temp';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('write transactions between two connections (two processes on one workspace)', () => {
  it('take the write lock at BEGIN, so a read-then-write transaction is never refused with BUSY_SNAPSHOT', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'ws.db');
    const db = openDatabase(file, workspaceMigrations);
    // The other process: the CLI writing to the same file while the app is mid-transaction.
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    const insert = (d: Database.Database, sku: string) =>
      d
        .prepare(
          "INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, next_attempt_at, created_at, updated_at) VALUES ('t', 'g', '{}', ?, 'pending', 0, '', '')",
        )
        .run(sku);
    let otherRefused = false;
    const write = db.transaction(() => {
      db.prepare('SELECT count(*) FROM outbox').get(); // read first …
      try {
        insert(other, 'other'); // … meanwhile the other process tries to commit …
      } catch (e) {
        otherRefused = (e as { code?: string }).code === 'SQLITE_BUSY';
      }
      insert(db, 'mine'); // … then write: with a deferred BEGIN this fails with SQLITE_BUSY_SNAPSHOT
    });
    expect(() => write()).not.toThrow();
    // The other process waited (its busy_timeout applies to a lock that is held, not to a stale snapshot).
    expect(otherRefused).toBe(true);
    expect(db.prepare('SELECT idempotency_key AS k FROM outbox').all()).toEqual([{ k: 'mine' }]);
    other.close();
    db.close();
  });
});
