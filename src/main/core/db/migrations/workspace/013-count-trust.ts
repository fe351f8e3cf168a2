import type { Migration } from '../../migration';

/**
 * Counts you can trust (issue 18, items 1 and 3).
 *
 * - scan_events takes four more kinds: `recount` (a scan of a flagged line in recount mode: kept
 *   next to the first count, never added to the line), `recount_set` (the recount typed, e.g. 0),
 *   `recount_choice` (which of first count / recount is sent: resolution 'first' | 'recount',
 *   quantity = the first count and prev_quantity = the recount it was chosen between) and
 *   `movement_choice` (what to do with stock that moved during the count: resolution 'keep' |
 *   'subtract' | 'recount', delta = the net units moved it was chosen for). SQLite cannot change a
 *   CHECK, so the table is rebuilt (its self-reference is renamed with it).
 * - count_lines keeps what was sent, for history and export: the quantity, the recount and the
 *   choice, the stock moved during the count and the worker's choice about it.
 * - package_moves: a package's status change seen by a sync or a notification while a count was
 *   open, one row per SKU, with the units that left (-) or came back (+) and when.
 */
export const m013CountTrust: Migration = {
  version: 13,
  name: 'count-trust',
  up(db) {
    db.exec(`
      CREATE TABLE scan_events_new (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES count_sessions (id),
        kind TEXT NOT NULL CHECK (kind IN ('scan', 'set', 'remove', 'undo', 'assign', 'rejected',
          'recount', 'recount_set', 'recount_choice', 'movement_choice')),
        raw_code TEXT,
        sku TEXT,
        delta INTEGER NOT NULL DEFAULT 0,
        quantity INTEGER,
        prev_quantity INTEGER,
        undoes INTEGER REFERENCES scan_events_new (id),
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
        resolution TEXT,
        at TEXT NOT NULL,
        station TEXT,
        gs1_raw TEXT,
        gtin TEXT,
        lot TEXT,
        expiry TEXT,
        serial TEXT
      ) STRICT;
      INSERT INTO scan_events_new (id, session_id, kind, raw_code, sku, delta, quantity, prev_quantity, undoes, undone, resolution, at,
          station, gs1_raw, gtin, lot, expiry, serial)
        SELECT id, session_id, kind, raw_code, sku, delta, quantity, prev_quantity, undoes, undone, resolution, at,
          station, gs1_raw, gtin, lot, expiry, serial FROM scan_events;
      DROP TABLE scan_events;
      ALTER TABLE scan_events_new RENAME TO scan_events;
      CREATE INDEX scan_events_session ON scan_events (session_id, id);
      CREATE INDEX scan_events_gs1 ON scan_events (session_id, sku)
        WHERE lot IS NOT NULL OR expiry IS NOT NULL OR serial IS NOT NULL;

      ALTER TABLE count_lines ADD COLUMN sent_qty INTEGER;
      ALTER TABLE count_lines ADD COLUMN recount_qty INTEGER;
      ALTER TABLE count_lines ADD COLUMN recount_choice TEXT;
      ALTER TABLE count_lines ADD COLUMN moved_units INTEGER;
      ALTER TABLE count_lines ADD COLUMN movement_choice TEXT;

      CREATE TABLE package_moves (
        id INTEGER PRIMARY KEY,
        package_pk INTEGER NOT NULL REFERENCES packages (pk),
        sku TEXT NOT NULL,
        -- negative: units left the stock (picked/shipped); positive: came back (cancelled, returned)
        units INTEGER NOT NULL,
        from_status TEXT,
        to_status TEXT,
        at TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('sync', 'notification'))
      ) STRICT;
      CREATE INDEX package_moves_sku ON package_moves (sku, at);
    `);
  },
};
