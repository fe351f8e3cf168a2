import type { Migration } from '../../migration';

/**
 * Every try's answer of a queued write (issue 46 item 9): when it came, the try's number, the
 * answer code, the body (as much as the outbox keeps) and what it meant (the error, with the
 * service's own words in `params.said`). The outbox row keeps only the last answer: a refusal that
 * named the wrong SKU was overwritten by the next try's answer, so after a resend nobody could
 * read what the service had said. Written in the transaction that writes the try's outcome; the
 * answer each write already had when the workspace was upgraded is its first entry.
 */
export const m024OutboxAnswers: Migration = {
  version: 24,
  name: 'outbox-answers',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_answers (
        id INTEGER PRIMARY KEY,
        outbox_id INTEGER NOT NULL,
        attempt INTEGER NOT NULL,
        at TEXT NOT NULL,
        status INTEGER,
        body TEXT,
        error TEXT
      ) STRICT;
      CREATE INDEX outbox_answers_write ON outbox_answers (outbox_id, id);
      -- The last answer each write already has (a refusal waiting for a person) is its first entry,
      -- so sending it again does not lose it.
      INSERT INTO outbox_answers (outbox_id, attempt, at, status, body, error)
        SELECT id, attempts, updated_at, response_status, response_body, last_error FROM outbox
        WHERE attempts > 0 AND (response_status IS NOT NULL OR last_error IS NOT NULL) ORDER BY id;
    `);
  },
};
