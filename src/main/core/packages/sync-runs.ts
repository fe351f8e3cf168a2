import type { PackageKind } from '../../../shared/domain/packages';
import type { Db } from '../db/open';
import type { Instant } from '../../../shared/domain/time';

const DAY = 86_400_000;

/**
 * A run that skipped records it could not cache (page-read.ts) ends done with this as its error,
 * and its pages with such records are not recorded: a later sync asks for them again, as it resumes
 * an unfinished run, while the run is younger than SKIPPED_RETRY_WITHIN_MS (a window that holds the
 * run pages it whole instead). It counts as a success (lastSuccessAt).
 */
export const RECORDS_SKIPPED = 'records_skipped';
export const SKIPPED_RETRY_WITHIN_MS = 30 * DAY;

/** A sync run as sync_runs keeps it: one list's window, paged; resumed while unfinished. */
export interface RunRow {
  id: number;
  kind: PackageKind;
  from_ts: number;
  to_ts: number;
  page_size: number;
  total_pages: number | null;
  total_results: number | null;
  state: string;
  fetched: number;
  started_at: string;
}

/** The statements of a sync's bookkeeping (sync_runs, sync_pages): what ran, which pages are stored. */
export function prepareSyncRuns(db: Db) {
  return {
    insertRun: db.prepare<[PackageKind, number, number, number, string]>(
      "INSERT INTO sync_runs (kind, from_ts, to_ts, page_size, state, started_at) VALUES (?, ?, ?, ?, 'running', ?)",
    ),
    updateRunTotals: db.prepare<[number | null, number | null, number]>(
      'UPDATE sync_runs SET total_pages = ?, total_results = ? WHERE id = ?',
    ),
    finishRun: db.prepare<[string, string | null, string, number]>(
      'UPDATE sync_runs SET state = ?, error = ?, finished_at = ? WHERE id = ?',
    ),
    unfinished: db.prepare<[PackageKind, string, string], RunRow>(
      `SELECT * FROM sync_runs WHERE kind = ?
           AND ((state IN ('running', 'failed') AND started_at >= ?) OR (state = 'done' AND error = '${RECORDS_SKIPPED}' AND started_at >= ?))
         ORDER BY id`,
    ),
    pagesDone: db.prepare<[number], { page: number }>('SELECT page FROM sync_pages WHERE run_id = ?'),
    insertPage: db.prepare<[number, number, number, string]>(
      'INSERT OR IGNORE INTO sync_pages (run_id, page, count, stored_at) VALUES (?, ?, ?, ?)',
    ),
    lastSuccess: db.prepare<[], { at: Instant | null }>(
      `SELECT max(finished_at) AS at FROM sync_runs WHERE state = 'done' AND (error IS NULL OR error = '${RECORDS_SKIPPED}')`,
    ),
    fullRun: db.prepare<[PackageKind, number], { one: number }>(
      `SELECT 1 AS one FROM sync_runs WHERE kind = ? AND state = 'done' AND (error IS NULL OR error = '${RECORDS_SKIPPED}') AND to_ts - from_ts >= ? LIMIT 1`,
    ),
    // Unfinished runs inside a window that has now been synced completely need no resuming.
    supersede: db.prepare<[PackageKind, number, number, number]>(
      `UPDATE sync_runs SET state = 'done', error = 'superseded'
          WHERE kind = ? AND (state IN ('running', 'failed') OR (state = 'done' AND error = '${RECORDS_SKIPPED}')) AND from_ts >= ? AND to_ts <= ? AND id < ?`,
    ),
    supersedeOne: db.prepare<[number]>("UPDATE sync_runs SET state = 'done', error = 'superseded' WHERE id = ?"),
  };
}

export type SyncRuns = ReturnType<typeof prepareSyncRuns>;
