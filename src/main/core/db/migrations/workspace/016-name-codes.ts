import type { Migration } from '../../migration';

/**
 * The codes that name a package (its id, order number, source package id, cargo tracking number,
 * key and barcode, parcel barcodes) move from package_codes into package_names (issue 16): an
 * FTS5 table like package_products (migration 015), one row per package, each code one token
 * (cache-record.ts, codeToken), with a prefix index of a code's first one and two bytes (the
 * Packages search answers one or two characters from it). package_codes is dropped.
 *
 * Why: tracking numbers and parcel barcodes are random, so a slice of a sync put each of its codes
 * on another page of package_codes, and its commit rewrote all those pages. FTS5 writes what a
 * transaction adds as one new segment. Measured at 40,000 orders, interleaved: the sync 12–27 %
 * faster, and 4 % smaller on disk.
 */
export const m016NameCodes: Migration = {
  version: 16,
  name: 'name-codes',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE package_names USING fts5 (
        codes, content = '', contentless_delete = 1, tokenize = 'ascii', detail = none, prefix = '2,4'
      );
      INSERT INTO package_names (rowid, codes)
        SELECT package_pk, group_concat(lower(hex(code)), ' ')
        FROM (SELECT DISTINCT package_pk, code FROM package_codes)
        GROUP BY package_pk;
      DROP TABLE package_codes;
    `);
  },
};
