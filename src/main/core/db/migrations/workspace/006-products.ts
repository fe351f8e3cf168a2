import type { Migration } from '../../migration';

/**
 * Product work kept on this computer: drafts of the editor (kept across restarts) and every batch
 * sent to the product service (its records, and the outbox write that carries it).
 */
export const m006Products: Migration = {
  version: 6,
  name: 'products',
  up(db) {
    db.exec(`
      CREATE TABLE product_drafts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('single', 'variant', 'import')),
        state TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE product_batches (
        id INTEGER PRIMARY KEY,
        label TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('editor', 'import', 'cli')),
        records TEXT NOT NULL,
        record_count INTEGER NOT NULL,
        outbox_id INTEGER NOT NULL,
        draft_id INTEGER,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX product_batches_created ON product_batches (id DESC);
    `);
  },
};
