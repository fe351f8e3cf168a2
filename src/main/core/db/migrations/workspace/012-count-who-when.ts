import type { Migration } from '../../migration';

/**
 * Who and when of a count (issue 18): the station name of this PC (count_sessions.station and
 * scan_events.station already exist, unused until now), when the count ended (sent or discarded),
 * and which window of this PC holds it open (holder, held_at: a second window is refused while
 * the holder is active). count_options: how this connection counts (blind counts: on for a new
 * connection, off for one that has counted already, so nobody's screen changes under them).
 */
export const m012CountWhoWhen: Migration = {
  version: 12,
  name: 'count-who-when',
  up(db) {
    db.exec(`
      ALTER TABLE count_sessions ADD COLUMN ended_at TEXT;
      ALTER TABLE count_sessions ADD COLUMN holder TEXT;
      ALTER TABLE count_sessions ADD COLUMN held_at TEXT;
      UPDATE count_sessions SET ended_at = coalesce(pushed_at, updated_at) WHERE state <> 'open';
      CREATE TABLE count_options (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
      INSERT INTO count_options (key, value)
        SELECT 'blind', CASE WHEN EXISTS (SELECT 1 FROM count_sessions) THEN 'false' ELSE 'true' END;
    `);
  },
};
