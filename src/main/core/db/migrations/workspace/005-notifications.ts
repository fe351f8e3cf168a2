import type { Migration } from '../../migration';

/**
 * Package notifications received from the service (deduplicated), and the receiver's settings.
 * A notification is stored before the receiver answers 200, matched to a cached package when it
 * can be, and kept visible when it cannot.
 */
export const m005Notifications: Migration = {
  version: 5,
  name: 'notifications',
  up(db) {
    db.exec(`
      CREATE TABLE notifications (
        id INTEGER PRIMARY KEY,
        received_at TEXT NOT NULL,
        hook_name TEXT NOT NULL,
        package_id TEXT NOT NULL,
        package_type TEXT NOT NULL,
        package_status_id INTEGER,
        package_status_name TEXT,
        reason_id INTEGER,
        reason_name TEXT,
        reason_desc TEXT,
        payload TEXT NOT NULL,
        -- the same delivery posted again has the same key and is stored once
        dedupe_key TEXT NOT NULL UNIQUE,
        matched_package_pk INTEGER REFERENCES packages (pk) ON DELETE SET NULL,
        applied_at TEXT
      ) STRICT;
      CREATE INDEX notifications_received ON notifications (id DESC);
      CREATE INDEX notifications_package ON notifications (matched_package_pk);
      CREATE INDEX notifications_unmatched ON notifications (matched_package_pk) WHERE matched_package_pk IS NULL;

      CREATE TABLE receiver_config (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        enabled INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
        host TEXT NOT NULL DEFAULT '127.0.0.1',
        port INTEGER NOT NULL DEFAULT 8790,
        path TEXT NOT NULL,
        auth TEXT NOT NULL DEFAULT 'none' CHECK (auth IN ('none', 'basic', 'bearer')),
        user_name TEXT,
        secret TEXT,
        accepted_exposure INTEGER NOT NULL DEFAULT 0 CHECK (accepted_exposure IN (0, 1))
      ) STRICT;
    `);
  },
};
