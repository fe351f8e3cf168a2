import type { Migration } from '../../migration';

/**
 * The five indexes only the Returns list reads (by return date, carrier, decision, and the start
 * of a customer's first or last name) hold return packages only (issue 16). They held every order
 * package too: five index writes per order package synced, for nothing, and their disk space. The
 * Returns list's queries all say `p.kind = 'return'` as written text, which is what lets SQLite use
 * an index with that WHERE clause; the plan test (packages-scale.test.ts) fails if one stops using
 * them. The key still begins with `kind`, as before: without statistics SQLite prefers an index
 * with an equality on its first column, and would otherwise sort the list with packages_kind_ts.
 */
export const m014ReturnIndexes: Migration = {
  version: 14,
  name: 'return-indexes',
  up(db) {
    db.exec(`
      DROP INDEX packages_return_ts;
      DROP INDEX packages_first_name;
      DROP INDEX packages_last_name;
      DROP INDEX packages_return_carrier;
      DROP INDEX packages_return_decision;
      CREATE INDEX returns_ts ON packages (kind, return_ts DESC, id DESC) WHERE kind = 'return';
      CREATE INDEX returns_first_name ON packages (kind, lower(customer_first_name)) WHERE kind = 'return';
      CREATE INDEX returns_last_name ON packages (kind, lower(customer_last_name)) WHERE kind = 'return';
      CREATE INDEX returns_carrier ON packages (kind, cargo_name, return_ts DESC, id DESC) WHERE kind = 'return';
      CREATE INDEX returns_decision ON packages (
        kind,
        (CASE WHEN is_confirm = 1 OR status = 'Returned' THEN 'confirmed' WHEN status = 'ReturnedRequestDenied' THEN 'rejected' ELSE 'awaiting' END),
        return_ts DESC,
        id DESC
      ) WHERE kind = 'return';
    `);
  },
};
