import type { Migration } from '../../migration';

export const m002AdminPin: Migration = {
  version: 2,
  name: 'administrator PIN',
  up(db) {
    db.exec(`
      -- One row at most: the administrator PIN's scrypt verifier (never the PIN) and the count of
      -- wrong PINs in a row, which makes the next attempt wait (kept across restarts).
      CREATE TABLE admin_pin (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        verifier TEXT NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0,
        blocked_until INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
