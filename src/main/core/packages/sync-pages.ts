import type { PackageKind, SkippedRecord, SkippedRecords, SyncProgress, SyncReport } from '../../../shared/domain/packages';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';
import type { FetchedPage } from './fetch-page';
import { IDLE_SLICE_BUDGET_MS, newSliceSizer, SLICE_BUDGET_MS, storeSliced } from './ingest';
import type { packagesOf } from './packages-repo';
import { RECORDS_SKIPPED, type RunRow, type SyncRuns } from './sync-runs';

/**
 * One run's pages (sync.ts runs them): fetched five at a time, each stored in slices that yield to
 * scans, recorded in sync_pages, and checked for a list that moved while it was paged.
 */

/**
 * Pages fetched at the same time: enough to hide latency, few enough to be gentle with the service.
 * With three, the core's thread waited for pages (7.7 s of a 39.7 s sync of 120,000 packages):
 * between two pages of one fetcher lie the request, the page reader's turn and the page's slice.
 * Five: built `wd sync` of 120,000 packages, five interleaved pairs, 28.1 against 34.7 s (medians).
 */
export const PAGE_CONCURRENCY = 5;

/** Upper bound of pages in one window when the service sends no totals (1 000 000 packages at 100 a page). */
const MAX_PAGES_WITHOUT_TOTALS = 10_000;

/** How a sync retries and slices (tests set them). */
export interface SyncOptions {
  retryBaseMs?: number;
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The log length that makes the sync wait for a checkpoint (workspace.makeLogRoom; tests set it low). */
  logLimitFrames?: number;
  /** The clock slices are timed with (storeSliced; tests step it). */
  now?: () => number;
  /** Told the rows of each slice once it committed (storeSliced; tests). */
  onSlice?: (rows: number) => void;
}

/** What the sync lends a run: its workspace, its tables, and its progress and skipped records. */
export interface PagesEnv {
  ws: Workspace;
  ctx: CoreContext;
  opts: SyncOptions;
  runs: SyncRuns;
  repo: ReturnType<typeof packagesOf>;
  fetchPage(run: RunRow, page: number): Promise<FetchedPage>;
  /** Whether somebody works with a scanner now (slices are short then). */
  scanning(): boolean;
  noteSkipped(kind: PackageKind, page: number, records: SkippedRecord[]): void;
  progress(): SyncProgress;
  setProgress(p: SyncProgress): void;
  skippedSoFar(): SkippedRecords | undefined;
  /** 'packages.changed', at most about once a second unless forced. */
  emitChanged(force: boolean): void;
}

export interface PagesResult {
  drifted: boolean;
  short: boolean;
  /** Distinct packages of this pass. */
  seen: Set<number>;
  expected: number | null;
}

/**
 * Fetches and stores the pages of one run that are not stored yet. Says whether the list moved
 * (its total drifted, a package came on two pages, the first or last page changed meanwhile),
 * and whether fewer distinct packages came than the total announced (`short`, only known when
 * every page was fetched in this pass).
 */
export async function runPages(env: PagesEnv, run: RunRow, k: SyncReport['kinds'][number], resumed: boolean): Promise<PagesResult> {
  const done = new Set(env.runs.pagesDone.all(run.id).map((r) => r.page));
  const complete = done.size === 0;
  /** Distinct packages of this pass. */
  const pass = new Set<number>();
  let drift = false;
  let moved = false;
  let pagesCounted = 0;
  /** Records of this pass that could not be cached (they count towards the total, and are no package of `pass`). */
  let passSkipped = 0;
  /** What names the skipped records of this pass (skippedKey): a page of skipped records only is new when they are. */
  const skippedSeen = new Set<string>();
  /** Ids of the first and last page as first fetched, to see whether the list moved meanwhile. */
  const edges = new Map<number, string>();
  let totalPages = run.total_pages;
  let totalResults = run.total_results;
  const sizer = newSliceSizer();
  /** Products learned by the pages stored so far (packages-repo.ts, ProductLearning). */
  const learned = new Set<string>();
  const store = async (page: number, fetched: FetchedPage) => {
    edges.set(page, fetched.ids.join(','));
    const now = env.ctx.clock.iso();
    const learning = { known: learned, added: new Set<string>() };
    const r = await storeSliced(
      env.ws.db,
      fetched.rows,
      (slice) => env.repo.upsertRows(slice, now, undefined, learning),
      // A page with records that were skipped is not recorded: a later sync asks for it again.
      () => fetched.skipped.length === 0 && env.runs.insertPage.run(run.id, page, fetched.count, now),
      // While somebody scans (a count is open, or a scan in the last SCANNING_MS), slices are
      // short: a scan waits for one at most. Otherwise they are longer, and fewer commits store
      // the page sooner. While a count is open they also wait for the disk themselves, so a
      // scan's commit does not flush theirs (ingest.ts, cacheTransaction).
      // Before a slice, the log is kept from growing without end (workspace.ts, makeLogRoom).
      {
        sizer,
        now: env.opts.now,
        budgetMs: () => (env.scanning() ? SLICE_BUDGET_MS : IDLE_SLICE_BUDGET_MS),
        durable: () => env.repo.countOpen(),
        onSlice: env.opts.onSlice,
        room: () => env.ws.makeLogRoom(env.opts.logLimitFrames),
        // The text and code indexes' segments are merged between slices, not in their commits
        // (migration 019): a scan waits for one or the other, never both.
        between: (budgetMs) => env.repo.mergeIndexes(budgetMs, env.opts.now),
      },
    );
    // Every slice of the page committed: what they learned is learned.
    for (const key of learning.added) learned.add(key);
    let fresh = 0;
    for (const id of fetched.ids) {
      if (!pass.has(id)) fresh++;
      pass.add(id);
    }
    pagesCounted += fetched.ids.length;
    if (fetched.skipped.length > 0) {
      // A page whose records were all skipped is no repeat of an earlier one when they are new
      // (a service without totals: `fresh === 0` ends the pass, and the pages after it were never asked for).
      for (const r of fetched.skipped) {
        const key = skippedKey(r);
        if (!skippedSeen.has(key)) fresh++;
        skippedSeen.add(key);
      }
      passSkipped += fetched.skipped.length;
      env.noteSkipped(run.kind, page, fetched.skipped);
    }
    done.add(page);
    k.pages += 1;
    k.fetched += fetched.count;
    k.stored += r.inserted;
    if (resumed) k.resumedPages += 1;
    if (fetched.totalResults !== null && totalResults !== null && fetched.totalResults !== totalResults) drift = true;
    env.setProgress({
      ...env.progress(),
      kind: run.kind,
      page: done.size,
      totalPages,
      // Packages of this kind so far (a run of returns after the orders starts again from 0).
      fetched: (env.progress().kind === run.kind ? env.progress().fetched : 0) + fetched.count,
      total: totalResults,
      skipped: env.skippedSoFar(),
    });
    env.emitChanged(false);
    return fresh;
  };

  try {
    if (totalPages === null || !done.has(0)) {
      const first = await env.fetchPage(run, 0);
      totalResults = first.totalResults;
      totalPages = first.totalPages ?? (first.totalResults !== null ? Math.ceil(first.totalResults / run.page_size) : null);
      env.runs.updateRunTotals.run(totalPages, totalResults, run.id);
      if (!done.has(0)) await store(0, first);
    }
    // The report's total is what the list announces for the asked window, once: a resumed
    // run's window is another one, and a second pass replaces the first's.
    if (!resumed) k.total = totalResults ?? 0;

    if (totalPages === null) {
      // No paging information: keep going until a short page, a page with nothing new (a
      // service that ignores the page number) or as many packages as it announced.
      for (let page = 1; page < MAX_PAGES_WITHOUT_TOTALS; page++) {
        if (done.has(page)) continue;
        const p = await env.fetchPage(run, page);
        const fresh = await store(page, p);
        if (p.count + p.skipped.length < run.page_size || fresh === 0) break;
        if (totalResults !== null && pass.size >= totalResults) break;
      }
    } else {
      const todo: number[] = [];
      for (let page = 1; page < totalPages; page++) if (!done.has(page)) todo.push(page);
      let failure = null as { error: unknown } | null; // set by the workers (a closure: not narrowed to null)
      const worker = async () => {
        while (todo.length > 0 && failure === null) {
          const page = todo.shift()!;
          try {
            await store(page, await env.fetchPage(run, page));
          } catch (e) {
            // The cause wins over what followed from it: a session that ended closes the
            // workspace, and a page stored after that fails on the closed database.
            const first = failure as { error: unknown } | null;
            if (first === null || (!(first.error instanceof AppError) && e instanceof AppError)) failure = { error: e };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, todo.length) }, worker));
      if (failure !== null) throw failure.error;
      // Packages that leave the window while it is paged shift later pages: the total can stay
      // the same (another package arrived) and one slips between two pages. Look at the first
      // and last page again: when either changed, the caller pages the window once more.
      if (complete && totalPages > 1) {
        for (const page of [0, totalPages - 1]) {
          const again = await env.fetchPage(run, page);
          if (again.ids.join(',') !== edges.get(page)) moved = true;
        }
      }
    }
    // The log copied whole before the run is marked done, so this commit starts it again and
    // cuts its file back (workspace.ts): a finished sync leaves no long log on the disk.
    await env.ws.settleLog();
    env.runs.finishRun.run('done', passSkipped > 0 ? RECORDS_SKIPPED : null, env.ctx.clock.iso(), run.id);
    // A package on two pages also means the list moved.
    if (pass.size < pagesCounted) moved = true;
    const short = complete && totalResults !== null && pass.size + passSkipped < totalResults;
    return { drifted: drift || moved, short, seen: pass, expected: totalResults };
  } catch (e) {
    // Signed out meanwhile (the session ended): the workspace is closed, the run stays unfinished
    // and is resumed at the next sign-in.
    if (!env.ws.db.open) throw e instanceof AppError ? e : new AppError('not_signed_in', 'the session ended during the sync');
    // A run that paged its list to the end and skipped records (RECORDS_SKIPPED), asked again
    // for their pages: it stays as it was. Marked failed it would be resumed for RESUME_WITHIN_MS
    // of its start only (not SKIPPED_RETRY_WITHIN_MS), and no longer be a full sync (hadFullSync).
    if (resumed && run.state === 'done') throw e;
    env.runs.finishRun.run('failed', e instanceof Error ? e.message : String(e), env.ctx.clock.iso(), run.id);
    throw e;
  }
}

/**
 * What names a skipped record across the pages of a pass: its id, else its order number, else its
 * place on its page and why (a service that ignores the page number sends the same again).
 */
function skippedKey(r: SkippedRecord): string {
  return r.id !== null ? `id:${r.id}` : r.orderNumber !== null ? `on:${r.orderNumber}` : `at:${r.record}:${r.reason}:${r.field ?? ''}`;
}
