import type { Migration } from '../../migration';

/**
 * The item lines' ids (sourceOrderItemLineId: what a package notification names, notifications/
 * apply.ts) move from package_items into package_names, one token each beside the package's codes
 * ("i" and the hex of the id as sent, cache-record.ts itemToken; the "i" keeps them apart from the
 * codes, which are hex only). package_items is dropped.
 *
 * Why: item line ids are random, and package_items was ordered by them, so every slice of a sync
 * added a row to another page of it for each item, and its commit rewrote all those pages (20 MB
 * at 120,000 packages). Measured with the built `wd sync`, interleaved: 120,000 packages in
 * 31.1 / 31.3 s against 38.2 / 37.2 s with that table (docs/PERFORMANCE.md, eighth round).
 *
 * package_names is contentless: its tokens are read back through fts5vocab (one row per token and
 * package) and each package's row is written again with its item tokens.
 */
export const m017ItemTokens: Migration = {
  version: 17,
  name: 'item-tokens',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE temp.m017_names USING fts5vocab(main, package_names, instance);
      CREATE TEMP TABLE m017_rows AS
        SELECT pk, group_concat(token, ' ') AS codes FROM (
          SELECT doc AS pk, term AS token FROM temp.m017_names
          UNION
          SELECT package_pk, 'i' || lower(hex(source_order_item_line_id)) FROM package_items
        )
        GROUP BY pk;
      DROP TABLE temp.m017_names;
      INSERT INTO package_names (package_names) VALUES ('delete-all');
      INSERT INTO package_names (rowid, codes) SELECT pk, codes FROM temp.m017_rows;
      DROP TABLE temp.m017_rows;
      DROP TABLE package_items;
    `);
  },
};
