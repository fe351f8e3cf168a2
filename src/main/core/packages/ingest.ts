import type { Db } from '../db/open';
import { backgroundTurns, type Turns } from '../turns';
import type { CacheRow } from './cache-record';

/** Packages in the first transaction of a page; later slices are sized by how long the last one took. */
export const SLICE_ROWS = 100;
/** How long one slice may hold the core (and the write lock) while a count is open: a scan waits for at most about this. */
export const SLICE_BUDGET_MS = 12;
/**
 * How long one slice may take while no count is open (nobody scans into a count; a lookup or a
 * keystroke waits for at most about this). Fewer, larger commits: each commit writes every index
 * page its slice touched, so 40 ms slices store a first sync about a fifth faster than 12 ms ones
 * (test/bench/packages.bench.ts prints both figures).
 */
export const IDLE_SLICE_BUDGET_MS = 40;
export const MIN_SLICE_ROWS = 20;
/** Rows a slice stores between two readings of the clock: it ends once its budget is spent, whatever its size. */
export const CHECK_ROWS = 10;
export const MAX_SLICE_ROWS = 2_000;

/**
 * The next slice's size from the last one's: as many rows as fit in the budget at the speed just
 * measured, at most twice as many as before (one fast slice is no proof), never fewer than
 * MIN_SLICE_ROWS (so progress is made however slow the disk) nor more than MAX_SLICE_ROWS.
 * Few large commits cost far less than many small ones (each commit writes every index page it
 * touched), so the size goes up whenever the machine allows.
 */
export function nextSliceRows(rows: number, tookMs: number, budgetMs = SLICE_BUDGET_MS): number {
  const fit = tookMs <= 0 ? rows * 2 : Math.floor((rows * budgetMs) / tookMs);
  return Math.max(MIN_SLICE_ROWS, Math.min(MAX_SLICE_ROWS, rows * 2, fit));
}

/** The slice size carried from one page to the next, and the budget it was sized for. */
export interface SliceSizer {
  rows: number;
  budgetMs?: number;
}
export const newSliceSizer = (): SliceSizer => ({ rows: SLICE_ROWS });

/** The size for another budget at the speed the size was measured at (a count opens: 40 ms slices become 12 ms ones at once). */
export function resizeForBudget(sizer: SliceSizer, budgetMs: number): void {
  if (sizer.budgetMs !== undefined && sizer.budgetMs !== budgetMs) {
    sizer.rows = Math.max(MIN_SLICE_ROWS, Math.min(MAX_SLICE_ROWS, Math.floor((sizer.rows * budgetMs) / sizer.budgetMs)));
  }
  sizer.budgetMs = budgetMs;
}

/**
 * Runs a write of cache data only (packages that can be fetched again) with synchronous=NORMAL:
 * the commit does not wait for the disk. In WAL mode a power cut can lose the last such commits
 * but never corrupts the file, and the next FULL commit (any scan, any queued write) syncs the
 * log, these frames included. Work data keeps synchronous=FULL: the pragma is restored before
 * anything else can run on this connection (better-sqlite3 is synchronous).
 *
 * `durable`: commit with FULL after all. That next FULL commit pays for flushing everything the
 * slices before it wrote: a scan's commit took p50 15 ms and p95 32–36 ms during a sync instead
 * of 0.2 ms. While a count is open the sync's slices wait for the disk themselves (storeSliced's
 * `durable`), so a scan's commit flushes only its own pages (p50 1.2 ms, p95 13 ms); the sync is
 * slower for it, so only then. Measured again in the thirteenth round, with slices that end at
 * their budget (storeSliced), a count open during a sync of 120,000 packages: with a scan every
 * second, five interleaved pairs, no scan over 50 ms (longest 23–37 ms) against 4 of about 200
 * with slices that do not wait (longest 37–81 ms), the sync as long; with a scan every 100 ms,
 * three pairs, 6 of 1,363 scans over 50 ms against 13 of 1,252, the median scan 6.4–6.9 ms
 * against 11.1–12.0 ms (a scan's commit flushed the slices' log), the sync a tenth longer.
 */
export function cacheTransaction<T>(db: Db, fn: () => T, durable = false): T {
  if (durable) return db.transaction(fn)();
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(fn)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/**
 * Stores a fetched page in slices, one transaction each, each in a turn of its own (turns.ts: a
 * scan waits for at most one slice, not for a whole page, nor for the slices of other pages). Slices start at `sizer.rows`
 * (SLICE_ROWS for a new sizer; the sync keeps one sizer for a whole run, so pages go on where the
 * last one ended) and are then sized to take about the budget each (`nextSliceRows`; `budgetMs`
 * is asked before every slice and a change of it resizes at once, `resizeForBudget`; `now` is the
 * clock, injectable for tests). A slice also ends once its budget is spent, whatever its size
 * (the clock is read every CHECK_ROWS rows): the size is a forecast from the last slice, and on
 * two cores shared with the page reader a slice sized for 12 ms took 15–50 ms of statements.
 * Counting phase, 120,000 packages, three interleaved pairs: scans p99 30.5 / 51.1 / 55.7 ms
 * against 67.8 / 56.9 / 76.4 ms, longest 76 / 81 / 68 against 83 / 111 / 123 ms.
 *
 * `finish` runs in the last slice's transaction (the sync records the page there), so a page
 * counts as stored only when all of it is; a page cut short is fetched again and its upserts are
 * harmless.
 */
export async function storeSliced(
  db: Db,
  rows: CacheRow[],
  upsert: (slice: CacheRow[]) => { inserted: number; updated: number },
  finish: () => void,
  opts: {
    now?: () => number;
    sizer?: SliceSizer;
    /** How long a slice may take, asked before each slice (SLICE_BUDGET_MS when not given). */
    budgetMs?: number | (() => number);
    turns?: Turns;
    /** Asked before each slice: whether it commits waiting for the disk (cacheTransaction). */
    durable?: () => boolean;
    /** Told the rows of each slice once it committed (tests). */
    onSlice?: (rows: number) => void;
    /** Awaited before each slice (outside the turn): the workspace's makeLogRoom. */
    room?: () => Promise<void>;
    /**
     * Run after each slice in a turn and transaction of its own, with the slice's budget: the
     * sync merges the FTS5 indexes' segments there (packages-repo.ts, mergeIndexes).
     */
    between?: (budgetMs: number) => void;
  } = {},
): Promise<{ inserted: number; updated: number }> {
  const now = opts.now ?? (() => performance.now());
  const turns = opts.turns ?? backgroundTurns;
  const total = { inserted: 0, updated: 0 };
  const sizer = opts.sizer ?? newSliceSizer();
  const given = opts.budgetMs;
  const budgetOf = typeof given === 'function' ? given : () => given ?? SLICE_BUDGET_MS;
  for (let start = 0, end = 0; start < rows.length || start === 0; start = end) {
    const budget = budgetOf();
    resizeForBudget(sizer, budget);
    const size = sizer.rows;
    const upTo = Math.min(rows.length, start + size);
    if (opts.room) await opts.room();
    let began = 0;
    // Whether the slice ended at its budget before its size (the machine was slower than the last slice said).
    let cut = false;
    const r = await turns.run(() => {
      began = now();
      return cacheTransaction(
        db,
        () => {
          const r = { inserted: 0, updated: 0 };
          let at = start;
          do {
            const to = Math.min(upTo, at + CHECK_ROWS);
            const part = upsert(rows.slice(at, to));
            r.inserted += part.inserted;
            r.updated += part.updated;
            at = to;
          } while (at < upTo && !(cut = now() - began >= budget));
          end = at;
          if (end >= rows.length) finish();
          return r;
        },
        opts.durable?.() ?? false,
      );
    });
    total.inserted += r.inserted;
    total.updated += r.updated;
    const stored = end - start;
    opts.onSlice?.(stored);
    // A short last slice says little about the speed; whole slices and slices cut at their budget resize.
    if (stored === size || cut) sizer.rows = nextSliceRows(stored, now() - began, budget);
    const between = opts.between;
    if (between) await turns.run(() => cacheTransaction(db, () => between(budget), opts.durable?.() ?? false));
    if (end >= rows.length) break;
  }
  return total;
}
