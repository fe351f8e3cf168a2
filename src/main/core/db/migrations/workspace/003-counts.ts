import type { Migration } from '../../migration';

/**
 * Stock counts. scan_events is append-only (what was received, how it was resolved, what it did);
 * count_lines is derived from it and updated in the same transaction, so a scan is acknowledged
 * only once both are committed.
 */
export const m003Counts: Migration = {
  version: 3,
  name: 'counts',
  up(db) {
    db.exec(`
      CREATE TABLE count_sessions (
        id INTEGER PRIMARY KEY,
        storage_code TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'pushed', 'discarded')),
        user_name TEXT,
        station TEXT,
        total_units INTEGER NOT NULL DEFAULT 0,
        line_count INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        pushed_at TEXT
      ) STRICT;
      -- One open count per storage code: reopening the screen continues it.
      CREATE UNIQUE INDEX count_sessions_open ON count_sessions (storage_code) WHERE state = 'open';
      CREATE INDEX count_sessions_storage ON count_sessions (storage_code, id DESC);

      CREATE TABLE scan_events (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES count_sessions (id),
        kind TEXT NOT NULL CHECK (kind IN ('scan', 'set', 'remove', 'undo', 'assign', 'rejected')),
        raw_code TEXT,
        sku TEXT,
        delta INTEGER NOT NULL DEFAULT 0,
        quantity INTEGER,
        prev_quantity INTEGER,
        undoes INTEGER REFERENCES scan_events (id),
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
        resolution TEXT,
        at TEXT NOT NULL,
        station TEXT
      ) STRICT;
      CREATE INDEX scan_events_session ON scan_events (session_id, id);

      CREATE TABLE count_lines (
        session_id INTEGER NOT NULL REFERENCES count_sessions (id),
        sku TEXT NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity >= 0),
        name TEXT,
        barcode TEXT,
        -- 1 while the code is not known as a product and the worker has not decided what it is
        unknown INTEGER NOT NULL DEFAULT 0 CHECK (unknown IN (0, 1)),
        first_event INTEGER NOT NULL,
        last_event INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (session_id, sku)
      ) STRICT;
    `);
  },
};
