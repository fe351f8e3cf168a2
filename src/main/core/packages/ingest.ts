import type { Db } from '../db/open';
import type { CacheRow } from './cache-record';

/** Packages stored per transaction: a slice takes a few milliseconds, so a scan never waits long. */
export const SLICE_ROWS = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a write of cache data only (packages that can be fetched again) with synchronous=NORMAL:
 * the commit does not wait for the disk. In WAL mode a power cut can lose the last such commits
 * but never corrupts the file, and the next FULL commit (any scan, any queued write) syncs the
 * log, these frames included. Work data keeps synchronous=FULL: the pragma is restored before
 * anything else can run on this connection (better-sqlite3 is synchronous).
 */
export function cacheTransaction<T>(db: Db, fn: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(fn)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/**
 * Stores a fetched page in slices of SLICE_ROWS packages, one transaction each, giving the event
 * loop a turn between slices (a scan waits for at most one slice, not for a whole page). `finish`
 * runs in the last slice's transaction (the sync records the page there), so a page counts as
 * stored only when all of it is; a page cut short is fetched again and its upserts are harmless.
 */
export async function storeSliced(
  db: Db,
  rows: CacheRow[],
  upsert: (slice: CacheRow[]) => { inserted: number; updated: number },
  finish: () => void,
): Promise<{ inserted: number; updated: number }> {
  const total = { inserted: 0, updated: 0 };
  for (let start = 0; start < rows.length || start === 0; start += SLICE_ROWS) {
    if (start > 0) await nextTurn();
    const last = start + SLICE_ROWS >= rows.length;
    const r = cacheTransaction(db, () => {
      const r = upsert(rows.slice(start, start + SLICE_ROWS));
      if (last) finish();
      return r;
    });
    total.inserted += r.inserted;
    total.updated += r.updated;
  }
  return total;
}
