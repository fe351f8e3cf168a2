import type { Migration } from '../../migration';
import { foldV18 } from './018-return-name-keys';

/**
 * The words of a customer's first and last name as this migration derives them (cache-record.ts
 * `nameWords` on the day it shipped): folded as migration 018 folds (`foldV18`), split at white
 * space and hyphens, each once. A copy, not an import: test/core/db/migrations-frozen.test.ts
 * compares it with today's `nameWords`.
 */
export function nameWordsV23(...names: (string | null)[]): string[] {
  const words = new Set<string>();
  for (const name of names) {
    const folded = foldV18(name);
    if (folded === null) continue;
    for (const w of folded.split(/[\s-]+/)) if (w.length > 0 && w.length <= 200) words.add(w);
  }
  return [...words];
}

/** A name word's token in package_names (cache-record.ts `nameToken`): "n" and the hex of its UTF-8 bytes. */
const tokenV23 = (word: string) => `n${Buffer.from(word, 'utf8').toString('hex')}`;

/**
 * The words of each package's customer name go into package_names beside its codes and item lines
 * (issue 46.10): "n" and the hex of the folded word (cache-record.ts nameToken; the "n" keeps them
 * apart from the codes, hex only, and the item lines, "i").
 *
 * Why: the Packages search answers one or two characters from package_names only (the trigram
 * index needs three), so "ha" found the packages with a code beginning with HA and none of the
 * hundreds whose customer is Hakan, Hatice or Hanoğlu: "0 packages — sync and try again".
 *
 * package_names is contentless: its tokens are read back through fts5vocab (as migration 017 did)
 * and each package's row is written again with its name words; the names come from the packages'
 * own columns. The index is then merged into one segment (FTS5 merges only when asked, migration 019).
 */
export const m023NameWords: Migration = {
  version: 23,
  name: 'name-words',
  up(db) {
    db.function('m023_name_tokens', { deterministic: true }, (first: unknown, last: unknown) =>
      nameWordsV23(typeof first === 'string' ? first : null, typeof last === 'string' ? last : null)
        .map(tokenV23)
        .join(' '),
    );
    db.exec(`
      CREATE VIRTUAL TABLE temp.m023_vocab USING fts5vocab(main, package_names, instance);
      CREATE TEMP TABLE m023_rows AS
        SELECT p.pk AS pk, trim(coalesce(c.codes, '') || ' ' || m023_name_tokens(p.customer_first_name, p.customer_last_name)) AS codes
        FROM packages p
        LEFT JOIN (SELECT doc, group_concat(term, ' ') AS codes FROM temp.m023_vocab GROUP BY doc) c ON c.doc = p.pk;
      DROP TABLE temp.m023_vocab;
      INSERT INTO package_names (package_names) VALUES ('delete-all');
      INSERT INTO package_names (rowid, codes) SELECT pk, codes FROM temp.m023_rows WHERE codes != '';
      DROP TABLE temp.m023_rows;
      INSERT INTO package_names (package_names) VALUES ('optimize');
    `);
  },
};
