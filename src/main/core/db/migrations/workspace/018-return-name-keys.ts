import type { Migration } from '../../migration';

/**
 * The folding of a name as it was when this migration was written (shared/text/case.ts `fold`,
 * through cache-record.ts `nameKey`): lower case, Turkish letters and other marks folded to ASCII,
 * white space collapsed. A copy, not an import: a migration does what it did on the day it
 * shipped (test/core/db/migrations-frozen.test.ts compares it with today's `nameKey`; a change
 * there needs a migration of its own that derives the keys again).
 */
const FOLD: Record<string, string> = { ı: 'i', ş: 's', ğ: 'g', ü: 'u', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };
export function foldV18(name: string | null): string | null {
  if (name === null) return null;
  const lowered = name.toLowerCase().replace(/[ışğüöçâîû]/g, (c) => FOLD[c] ?? c);
  const key = lowered
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return key === '' ? null : key;
}

/**
 * A return's customer names folded (case and Turkish letters folded, as cache-record.ts `nameKey` did then), in
 * columns of their own, for the Returns list's one- and two-letter customer filter (list-query.ts).
 *
 * Why: that filter compared SQLite's lower() of the names, which folds ASCII only. A worker typing
 * "i", "ö" or "ş" never found İpek, Ömer or Şükrü (a fifth of the sandbox's names begin with
 * İ, Ö, Ş, Ç or Ü), though three letters or more (the trigram index, folded text) did. And the
 * filter walked every return: the OR of the two name ranges could not use the name indexes, whose
 * partial WHERE and `kind` column each branch of the OR did not name (a page with its total: 40–50
 * ms at 20,000 returns, 2–5 ms now; test/bench/packages.bench.ts prints it).
 *
 * Only returns get the keys (orders are never filtered by them); the indexes stay partial.
 */
export const m018ReturnNameKeys: Migration = {
  version: 18,
  name: 'return-name-keys',
  up(db) {
    db.function('m018_fold', { deterministic: true }, (name: unknown) => foldV18(typeof name === 'string' ? name : null));
    db.exec(`
      ALTER TABLE packages ADD COLUMN customer_first_key TEXT;
      ALTER TABLE packages ADD COLUMN customer_last_key TEXT;
      UPDATE packages SET customer_first_key = m018_fold(customer_first_name), customer_last_key = m018_fold(customer_last_name)
        WHERE kind = 'return';
      DROP INDEX returns_first_name;
      DROP INDEX returns_last_name;
      CREATE INDEX returns_first_key ON packages (kind, customer_first_key) WHERE kind = 'return';
      CREATE INDEX returns_last_key ON packages (kind, customer_last_key) WHERE kind = 'return';
    `);
  },
};
