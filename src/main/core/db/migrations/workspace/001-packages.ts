import type { Migration } from '../../migration';

/**
 * The package cache (order and return packages), the products learned from them, and sync
 * bookkeeping. Every code a person may scan or type is in package_codes (one index answers every
 * exact lookup); names, e-mail, phone and product names are in an FTS5 trigram index.
 */
export const m001Packages: Migration = {
  version: 1,
  name: 'packages',
  up(db) {
    db.exec(`
      CREATE TABLE packages (
        pk INTEGER PRIMARY KEY,
        id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('order', 'return')),
        order_number TEXT,
        source_package_id TEXT,
        status TEXT,
        cargo_name TEXT,
        cargo_tracking_number TEXT,
        cargo_key TEXT,
        cargo_barcode TEXT,
        customer_first_name TEXT,
        customer_last_name TEXT,
        customer_code TEXT,
        order_ts INTEGER,
        last_modified_ts INTEGER,
        -- return packages: when the return was made (returnDate)
        return_ts INTEGER,
        is_confirm INTEGER CHECK (is_confirm IN (0, 1)),
        item_count INTEGER NOT NULL DEFAULT 0,
        raw_json TEXT NOT NULL,
        synced_at TEXT NOT NULL,
        UNIQUE (kind, id)
      ) STRICT;
      CREATE INDEX packages_order_ts ON packages (kind, order_ts DESC);
      CREATE INDEX packages_status ON packages (kind, status, order_ts DESC);
      CREATE INDEX packages_return_ts ON packages (kind, return_ts DESC);

      CREATE TABLE package_lines (
        pk INTEGER PRIMARY KEY,
        package_pk INTEGER NOT NULL REFERENCES packages (pk) ON DELETE CASCADE,
        line_id INTEGER,
        position INTEGER NOT NULL,
        sku TEXT,
        barcode TEXT,
        product_name TEXT,
        quantity INTEGER
      ) STRICT;
      CREATE INDEX package_lines_package ON package_lines (package_pk);

      CREATE TABLE package_items (
        pk INTEGER PRIMARY KEY,
        package_pk INTEGER NOT NULL REFERENCES packages (pk) ON DELETE CASCADE,
        line_pk INTEGER NOT NULL REFERENCES package_lines (pk) ON DELETE CASCADE,
        item_id INTEGER,
        source_order_item_line_id TEXT,
        sku TEXT,
        barcode TEXT,
        product_name TEXT,
        quantity INTEGER,
        status TEXT
      ) STRICT;
      CREATE INDEX package_items_package ON package_items (package_pk);
      CREATE INDEX package_items_source_line ON package_items (source_order_item_line_id);

      -- Every scannable or typeable code of a package, upper-cased: order number, package id,
      -- source package id, cargo tracking number / key / barcode, parcel codes, SKUs, barcodes.
      CREATE TABLE package_codes (
        code TEXT NOT NULL,
        package_pk INTEGER NOT NULL REFERENCES packages (pk) ON DELETE CASCADE,
        field TEXT NOT NULL,
        PRIMARY KEY (code, package_pk, field)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX package_codes_package ON package_codes (package_pk);

      -- Free text (customer names, e-mail, phone, city, product names), folded Turkish-insensitively.
      CREATE VIRTUAL TABLE packages_fts USING fts5 (text, content = '', contentless_delete = 1, tokenize = 'trigram');

      -- Products known to this workspace: learned from package lines, saved through the app, imported.
      CREATE TABLE products (
        sku TEXT PRIMARY KEY,
        barcode TEXT,
        name TEXT,
        model TEXT,
        option TEXT,
        image TEXT,
        source TEXT NOT NULL CHECK (source IN ('package', 'saved', 'import', 'manual')),
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX products_barcode ON products (barcode);

      -- A code a worker assigned to a SKU once (or counted as its own SKU), remembered.
      CREATE TABLE barcode_aliases (
        code TEXT PRIMARY KEY,
        sku TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE sync_runs (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('order', 'return')),
        from_ts INTEGER NOT NULL,
        to_ts INTEGER NOT NULL,
        page_size INTEGER NOT NULL,
        total_pages INTEGER,
        total_results INTEGER,
        state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
        fetched INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT
      ) STRICT;

      -- A page is recorded in the same transaction that stores its packages: a resumed run skips
      -- exactly the pages that are in the cache.
      CREATE TABLE sync_pages (
        run_id INTEGER NOT NULL REFERENCES sync_runs (id) ON DELETE CASCADE,
        page INTEGER NOT NULL,
        count INTEGER NOT NULL,
        stored_at TEXT NOT NULL,
        PRIMARY KEY (run_id, page)
      ) STRICT;
    `);
  },
};
