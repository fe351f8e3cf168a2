import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { schemaVersion } from '../../../src/main/core/db/open';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('workspace migration 013 (recounts, choices, package moves)', () => {
  it('rebuilds scan_events for the new kinds keeping every event, its id, undo link and GS1 data', () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(13);
    cleanup = done;
    before.exec(`INSERT INTO count_sessions (id, storage_code, state, created_at, updated_at) VALUES (1, 'A-01', 'open', 'x', 'x');
      INSERT INTO scan_events (id, session_id, kind, raw_code, sku, delta, at, lot) VALUES (5, 1, 'scan', '8690000000012', 'S-1', 2, 'x', 'L1');
      INSERT INTO scan_events (id, session_id, kind, sku, undoes, at) VALUES (6, 1, 'undo', 'S-1', 5, 'y');
      UPDATE scan_events SET undone = 1 WHERE id = 5;
      INSERT INTO count_lines (session_id, sku, quantity, first_event, last_event, updated_at) VALUES (1, 'S-1', 0, 5, 6, 'y');`);
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    expect(db.prepare('SELECT id, kind, sku, delta, undoes, undone, lot FROM scan_events ORDER BY id').all()).toEqual([
      { id: 5, kind: 'scan', sku: 'S-1', delta: 2, undoes: null, undone: 1, lot: 'L1' },
      { id: 6, kind: 'undo', sku: 'S-1', delta: 0, undoes: 5, undone: 0, lot: null },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // The undo link still points into scan_events itself.
    const fk = db
      .prepare<[], { table: string; from: string }>('SELECT "table", "from" FROM pragma_foreign_key_list(\'scan_events\')')
      .all();
    expect(fk).toEqual(expect.arrayContaining([{ table: 'scan_events', from: 'undoes' }]));
    db.prepare("INSERT INTO scan_events (session_id, kind, sku, delta, at) VALUES (1, 'recount', 'S-1', 3, 'z')").run();
    expect(() => db.prepare("INSERT INTO scan_events (session_id, kind, at) VALUES (1, 'nonsense', 'z')").run()).toThrow(/CHECK/);
    expect(db.prepare('SELECT sku, quantity, sent_qty, recount_qty FROM count_lines').all()).toEqual([
      { sku: 'S-1', quantity: 0, sent_qty: null, recount_qty: null },
    ]);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'scan_events'").pluck().all();
    expect(indexes).toEqual(expect.arrayContaining(['scan_events_session', 'scan_events_gs1']));
    db.close();
  });
});
