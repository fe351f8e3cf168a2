import type { Migration } from '../../migration';

/**
 * A product's SKU and barcode move from package_codes into package_products (issue 16): an FTS5
 * table with one row per package (its row key is the package's), each code one token
 * (cache-record.ts, productToken: the hex of its UTF-8 bytes), no positions (`detail = none`).
 *
 * Why: a few hundred products repeat on every page of a sync, and each of them held a run of rows
 * in package_codes (code, package): a slice of a sync added one row at the end of every run, so
 * each commit rewrote one page of the index per product on the page, whatever the slice's size.
 * An FTS5 index writes what a transaction adds as a new segment and merges segments later, so a
 * package costs about its own bytes. Measured at 40,000 orders, interleaved: the sync 15 % faster
 * (without any product rows at all: 18 %), a third of the log's checkpoint waits.
 *
 * What it answers is the same: an exact code (scan or search) finds the packages holding it
 * (packages-repo.ts, byCode). package_codes now holds only codes that name a package.
 */
export const m015ProductCodes: Migration = {
  version: 15,
  name: 'product-codes',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE package_products USING fts5 (codes, content = '', contentless_delete = 1, tokenize = 'ascii', detail = none);
      INSERT INTO package_products (rowid, codes)
        SELECT package_pk, group_concat(lower(hex(code)), ' ')
        FROM (SELECT DISTINCT package_pk, code FROM package_codes WHERE field IN ('sku', 'barcode'))
        GROUP BY package_pk;
      DELETE FROM package_codes WHERE field IN ('sku', 'barcode');
    `);
  },
};
