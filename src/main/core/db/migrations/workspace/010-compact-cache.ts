import { deflateRawSync } from 'node:zlib';
import { RECORD_DICTIONARY_V1 } from '../../../packages/record-dictionary';
import type { Migration } from '../../migration';

/**
 * Format 1 of a stored record as it was when this migration was written (record-pack.ts then):
 * one format byte, then the JSON deflated raw at level 1 with the frozen dictionary. A copy, not
 * an import of record-pack.ts: a migration does what it did on the day it shipped, whatever the
 * live code becomes (test/core/db/migrations-frozen.test.ts reads these rows with today's reader).
 */
export function packV1(json: string): Buffer {
  const packed = deflateRawSync(Buffer.from(json, 'utf8'), { level: 1, windowBits: 15, dictionary: RECORD_DICTIONARY_V1 });
  return Buffer.concat([Buffer.of(1), packed]);
}

/**
 * A smaller, faster package cache (issue 16), and an index for every filter and sort of the
 * Packages and Returns lists.
 *
 * - The record as sent is kept deflated in `raw` (record-pack.ts: a sixth of the JSON); `raw_json`
 *   is '' for such rows. Existing rows are converted here.
 * - package_lines was never read: dropped. package_items keeps only what a notification is matched
 *   by (the item line's sourceOrderItemLineId).
 * - No index by package for codes and item lines: an updated package's old codes and item lines
 *   are found from its old record (packages are never deleted, so no cascade needs one).
 * - Lists: all kinds by order date (and by status), returns by return date with the id as tie
 *   breaker, by decision, by carrier, and by the start of a customer's first or last name.
 */
export const m010CompactCache: Migration = {
  version: 10,
  name: 'compact-cache',
  up(db) {
    db.exec('ALTER TABLE packages ADD COLUMN raw BLOB');
    const rows = db.prepare<[], { pk: number; raw_json: string }>("SELECT pk, raw_json FROM packages WHERE raw_json <> ''").all();
    const pack = db.prepare<[Buffer, number]>("UPDATE packages SET raw = ?, raw_json = '' WHERE pk = ?");
    for (const r of rows) pack.run(packV1(r.raw_json), r.pk);

    // package_items first: dropping package_lines (foreign keys on) cascades into the old items.
    db.exec(`
      CREATE TABLE package_items_new (
        source_order_item_line_id TEXT NOT NULL,
        package_pk INTEGER NOT NULL REFERENCES packages (pk) ON DELETE CASCADE,
        PRIMARY KEY (source_order_item_line_id, package_pk)
      ) STRICT, WITHOUT ROWID;
      INSERT OR IGNORE INTO package_items_new (source_order_item_line_id, package_pk)
        SELECT source_order_item_line_id, package_pk FROM package_items WHERE source_order_item_line_id IS NOT NULL;
      DROP TABLE package_items;
      ALTER TABLE package_items_new RENAME TO package_items;
      DROP TABLE package_lines;
      DROP INDEX package_codes_package;

      DROP INDEX packages_order_ts;
      DROP INDEX packages_status;
      DROP INDEX packages_return_ts;
      CREATE INDEX packages_kind_ts ON packages (kind, order_ts DESC);
      CREATE INDEX packages_ts ON packages (order_ts DESC);
      CREATE INDEX packages_status_ts ON packages (status, order_ts DESC);
      CREATE INDEX packages_kind_status_ts ON packages (kind, status, order_ts DESC);
      CREATE INDEX packages_return_ts ON packages (kind, return_ts DESC, id DESC);
      CREATE INDEX packages_first_name ON packages (kind, lower(customer_first_name));
      CREATE INDEX packages_last_name ON packages (kind, lower(customer_last_name));
      CREATE INDEX packages_return_carrier ON packages (kind, cargo_name, return_ts DESC, id DESC);
      CREATE INDEX packages_return_decision ON packages (
        kind,
        (CASE WHEN is_confirm = 1 OR status = 'Returned' THEN 'confirmed' WHEN status = 'ReturnedRequestDenied' THEN 'rejected' ELSE 'awaiting' END),
        return_ts DESC,
        id DESC
      );
    `);
  },
};
