import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { schemaVersion, type Db } from '../../../src/main/core/db/open';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

/** Entries an index holds (SQLite's dbstat: an index's entries are the cells of its pages, each in one page). */
const entries = (db: Db, index: string) =>
  db.prepare<[string], { n: number | null }>('SELECT sum(ncell) AS n FROM dbstat WHERE name = ?').get(index)!.n ?? 0;

describe('workspace migration 014 (indexes of the Returns list hold returns only)', () => {
  it('keeps the Returns list as it was and takes order packages out of its indexes', () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(14);
    cleanup = done;
    const insert = before.prepare(
      `INSERT INTO packages (id, kind, status, cargo_name, customer_first_name, customer_last_name, order_ts, return_ts, is_confirm, raw_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', 'x')`,
    );
    before.transaction(() => {
      for (let i = 1; i <= 300; i++) insert.run(i, 'order', 'Shipped', 'Aras Kargo', 'Ayşe', 'Yılmaz', i, null, null);
      for (let i = 1; i <= 40; i++)
        insert.run(i, 'return', i % 3 === 0 ? 'ReturnedRequestDenied' : 'Created', i % 2 ? 'Aras Kargo' : 'MNG', 'Ayşe', 'Kaya', i, 1000 + i, i % 5 === 0 ? 1 : 0);
    })();
    const list = (db: typeof before) =>
      db
        .prepare(
          `SELECT id FROM packages p WHERE p.kind = 'return' AND p.cargo_name = 'Aras Kargo'
             AND (CASE WHEN p.is_confirm = 1 OR p.status = 'Returned' THEN 'confirmed' WHEN p.status = 'ReturnedRequestDenied' THEN 'rejected' ELSE 'awaiting' END) = 'awaiting'
           ORDER BY p.return_ts DESC, p.id DESC`,
        )
        .pluck()
        .all();
    const listed = list(before);
    expect(entries(before, 'packages_return_ts')).toBe(340);
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    expect(list(db)).toEqual(listed);
    // The name indexes are the folded names' since migration 018.
    for (const index of ['returns_ts', 'returns_first_key', 'returns_last_key', 'returns_carrier', 'returns_decision'])
      expect(entries(db, index), index).toBe(40);
    // A package synced later goes into them only if it is a return.
    db.prepare("INSERT INTO packages (id, kind, order_ts, raw_json, synced_at) VALUES (999, 'order', 1, '{}', 'x')").run();
    db.prepare("INSERT INTO packages (id, kind, order_ts, return_ts, raw_json, synced_at) VALUES (999, 'return', 1, 2000, '{}', 'x')").run();
    expect(entries(db, 'returns_ts')).toBe(41);
    db.close();
  });
});
