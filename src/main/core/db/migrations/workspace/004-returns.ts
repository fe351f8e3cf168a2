import type { Migration } from '../../migration';

/**
 * Return inspections, kept on this computer: what actually came back in a returned parcel, per
 * item line, and the desk's recommendation. The package status seen when the inspection started
 * is kept so a change made meanwhile (by a sync or a notification) is shown, not silently applied.
 */
export const m004Returns: Migration = {
  version: 4,
  name: 'returns',
  up(db) {
    db.exec(`
      CREATE TABLE return_inspections (
        package_id INTEGER PRIMARY KEY,
        state TEXT NOT NULL CHECK (state IN ('in_progress', 'done')),
        recommendation TEXT CHECK (recommendation IN ('accept', 'reject')),
        reason TEXT,
        note TEXT,
        inspector TEXT,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        done_at TEXT,
        seen_status TEXT,
        seen_modified_ts INTEGER
      ) STRICT;
      CREATE INDEX return_inspections_state ON return_inspections (state, done_at);

      CREATE TABLE return_inspection_lines (
        package_id INTEGER NOT NULL REFERENCES return_inspections (package_id) ON DELETE CASCADE,
        -- the item line's id, or "extra:<code>" for an item that is not in the return
        item_key TEXT NOT NULL,
        item_id INTEGER,
        sku TEXT,
        barcode TEXT,
        product_name TEXT,
        expected_qty INTEGER NOT NULL,
        received_qty INTEGER NOT NULL DEFAULT 0 CHECK (received_qty >= 0),
        condition TEXT CHECK (condition IN ('as_described', 'damaged', 'wrong_item', 'missing')),
        note TEXT,
        position INTEGER NOT NULL,
        PRIMARY KEY (package_id, item_key)
      ) STRICT;
    `);
  },
};
