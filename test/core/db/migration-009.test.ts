import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { schemaVersion } from '../../../src/main/core/db/open';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('workspace migration 009 (GS1 data on scan events)', () => {
  it('adds the GS1 columns to a database with counts in it, keeping every event', () => {
    // A workspace as the version before 009 left it, with a count and a scan.
    const { before, upgrade, cleanup: done } = workspaceBefore(9);
    cleanup = done;
    before.exec(`INSERT INTO count_sessions (id, storage_code, state, created_at, updated_at) VALUES (1, 'A-01', 'open', 'x', 'x');
      INSERT INTO scan_events (session_id, kind, raw_code, sku, delta, at) VALUES (1, 'scan', '8690000000012', 'S-1', 1, 'x');`);
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    const columns = db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('scan_events')")
      .all()
      .map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['gs1_raw', 'gtin', 'lot', 'expiry', 'serial']));
    expect(db.prepare('SELECT raw_code, sku, lot, expiry FROM scan_events').all()).toEqual([
      { raw_code: '8690000000012', sku: 'S-1', lot: null, expiry: null },
    ]);
    // The lots of a line are read through the partial index.
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT lot FROM scan_events WHERE session_id = 1 AND sku = 'S-1' AND (lot IS NOT NULL OR expiry IS NOT NULL OR serial IS NOT NULL)",
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('scan_events_gs1');
    db.close();
  });
});
