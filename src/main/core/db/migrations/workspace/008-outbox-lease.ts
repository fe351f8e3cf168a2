import type { Migration } from '../../migration';

/**
 * One outbox runner per workspace. The app and the CLI share the data directory; only the holder
 * of this lease sends, so a write is never sent by two processes at once. A holder renews the
 * lease while it sends and releases it when idle; a lease whose holder died (its process is gone,
 * or it expired) is taken over, and only then are writes left "sending" sent again.
 */
const OUTBOX_LEASE_SQL = `
      CREATE TABLE IF NOT EXISTS outbox_lease (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        owner TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `;

export const m008OutboxLease: Migration = {
  version: 8,
  name: 'outbox-lease',
  up(db) {
    db.exec(OUTBOX_LEASE_SQL);
  },
};
