import type { Migration } from '../../migration';

/**
 * The durable queue for every write to the service. A write is stored here first (in the same
 * transaction as the change that caused it), shown as pending, and sent when the service answers.
 */
export const m002Outbox: Migration = {
  version: 2,
  name: 'outbox',
  up(db) {
    db.exec(`
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        -- Writes of one group (a storage code, the product catalogue) are sent in order.
        group_key TEXT NOT NULL,
        payload TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        response_status INTEGER,
        response_body TEXT,
        summary TEXT NOT NULL DEFAULT '{}',
        ref TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT
      ) STRICT;
      CREATE INDEX outbox_state ON outbox (state, next_attempt_at);
      CREATE INDEX outbox_group ON outbox (group_key, id);
      CREATE INDEX outbox_ref ON outbox (ref);
    `);
  },
};
