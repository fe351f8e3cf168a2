/**
 * The hub's schema, as plain SQL run in order at start (db.ts `migrate`, under an advisory lock so
 * two hubs starting together never both run one). Like the workspace migrations: numbers only
 * rise, a released one is never changed, and none imports live code.
 */
export interface HubMigration {
  version: number;
  name: string;
  sql: string;
}

export const HUB_MIGRATIONS: readonly HubMigration[] = [
  {
    version: 1,
    name: 'packages-and-desks',
    sql: `
      -- Every package the hub has synced, the newest record of each. change_seq is the change feed
      -- desks pull by (changes.ts): a package takes a new number each time its record changes, so
      -- the feed holds one row a package however often it changed (no log to prune). Numbers are
      -- taken under an advisory lock held to commit: a reader never sees a higher number before a
      -- lower one commits (a bare sequence can: taken at insert, visible at commit).
      CREATE SEQUENCE hub_change_seq;
      CREATE TABLE hub_packages (
        kind text NOT NULL CHECK (kind IN ('order', 'return')),
        id bigint NOT NULL,
        record jsonb NOT NULL,
        modified_at timestamptz,
        change_seq bigint NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, id)
      );
      CREATE UNIQUE INDEX hub_packages_change_seq ON hub_packages (change_seq);

      -- The desks an administrator let in: a token shown once, kept as its SHA-256.
      CREATE TABLE hub_desks (
        name text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
        token_sha256 text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        last_seen_at timestamptz,
        last_cursor bigint
      );
    `,
  },
];
