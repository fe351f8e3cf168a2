import type { Migration } from '../../migration';

/**
 * The connection a workspace belongs to, kept in the workspace itself (one row, written each time
 * it is opened): its id, name, addresses, company, storage codes and the last user name.
 *
 * Why: the connections live in app.db. When app.db was lost (deleted, or replaced after damage),
 * a new connection to the same service got a new id and an empty workspace, and the old one, with
 * its open counts and unsent writes, was orphaned on the disk. Now a fresh app.db takes its
 * connections back from the workspaces (workspace.ts, connectionsToRecover). No secrets are kept
 * here: the password stays in the system's secret store, and is asked for at the next sign-in.
 */
export const m020Connection: Migration = {
  version: 20,
  name: 'connection',
  up(db) {
    db.exec(`
      CREATE TABLE connection (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        profile_id TEXT NOT NULL,
        name TEXT NOT NULL,
        oms_url TEXT NOT NULL,
        pim_url TEXT NOT NULL,
        company_id INTEGER NOT NULL,
        storage_codes TEXT NOT NULL,
        timestamp_unit TEXT NOT NULL,
        page_size INTEGER NOT NULL,
        user_name TEXT,
        opened_at TEXT NOT NULL
      );
    `);
  },
};
