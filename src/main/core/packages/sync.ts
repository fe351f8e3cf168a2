import {
  SKIPPED_RECORDS_LISTED,
  type PackageKind,
  type SkippedRecord,
  type SkippedRecords,
  type SyncInput,
  type SyncProgress,
  type SyncReport,
  type SyncStatus,
} from '../../../shared/domain/packages';
import type { CoreContext } from '../context';
import { AppError, errorShape } from '../errors';
import type { Workspace } from '../workspace';
import { IDLE_SLICE_BUDGET_MS, newSliceSizer, SLICE_BUDGET_MS, storeSliced } from './ingest';
import { PageReader } from './page-reader';
import { fetchPage, type FetchedPage, type PageFetchEnv } from './fetch-page';
import { packagesOf } from './packages-repo';

export { PAGE_TIMEOUT_MS, READ_BUDGET_MS } from './fetch-page';
import { prepareSyncRuns, RECORDS_SKIPPED, SKIPPED_RETRY_WITHIN_MS, type RunRow, type SyncRuns } from './sync-runs';

const DAY = 86_400_000;
/**
 * Pages fetched at the same time: enough to hide latency, few enough to be gentle with the service.
 * With three, the core's thread waited for pages (7.7 s of a 39.7 s sync of 120,000 packages):
 * between two pages of one fetcher lie the request, the page reader's turn and the page's slice.
 * Five: built `wd sync` of 120,000 packages, five interleaved pairs, 28.1 against 34.7 s (medians).
 */
export const PAGE_CONCURRENCY = 5;
/** Unfinished runs younger than this are resumed before a new run starts. */
const RESUME_WITHIN_MS = 2 * DAY;
/** How long after somebody's last scan of a package or a return the sync keeps its slices short (ingest.ts, SLICE_BUDGET_MS). */
export const SCANNING_MS = 5 * 60_000;
/** Upper bound of pages in one window when the service sends no totals (1 000 000 packages at 100 a page). */
const MAX_PAGES_WITHOUT_TOTALS = 10_000;

const idle: SyncProgress = {
  state: 'idle',
  kind: null,
  page: 0,
  totalPages: null,
  fetched: 0,
  total: null,
  startedAt: null,
  finishedAt: null,
  error: null,
};

/**
 * Package sync: pages through the order and return lists for a date window into the cache.
 *
 * - Sorted by orderDate ascending inside a window fixed at the start, so packages arriving during
 *   the run land at the end instead of shifting earlier pages; if the total still changes while
 *   paging, the window is paged once more (upserts make the second pass harmless).
 * - A page is stored in short transactions (ingest.ts: cache durability, slices), and recorded in
 *   sync_pages in the last of them: a failed run is resumed later by fetching exactly the pages
 *   that are not in the cache.
 * - 401s are handled by the session (one re-login, retry); network trouble, timeouts, 5xx, 429 and
 *   garbled answers are retried with exponential backoff and full jitter. A page that is still
 *   garbled is reported and nothing of it is stored.
 * - A record the cache cannot take (page-read.ts) is skipped, not its page: the progress and the
 *   report name it (SkippedRecords), its page is stored without it but not recorded in sync_pages,
 *   and its run ends done with RECORDS_SKIPPED, so a later sync asks for that page again.
 */
export class PackageSync {
  private progress: SyncProgress = idle;
  private current: Promise<SyncReport> | null = null;
  private lastChangedEmit = 0;
  /** The thread that reads pages during a run (page-reader.ts); null: the core's thread reads them. */
  private reader: PageReader | null = null;
  private readonly repo;
  private readonly runs: SyncRuns;
  private readonly pageEnv: PageFetchEnv;

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
    private opts: {
      retryBaseMs?: number;
      attempts?: number;
      sleep?: (ms: number) => Promise<void>;
      /** The log length that makes the sync wait for a checkpoint (workspace.makeLogRoom; tests set it low). */
      logLimitFrames?: number;
      /** The clock slices are timed with (storeSliced; tests step it). */
      now?: () => number;
      /** Told the rows of each slice once it committed (storeSliced; tests). */
      onSlice?: (rows: number) => void;
    } = {},
  ) {
    this.repo = packagesOf(ws);
    this.runs = prepareSyncRuns(ws.db);
    this.pageEnv = {
      ws,
      ctx,
      opts,
      progress: () => this.progress,
      setProgress: (p) => this.setProgress(p),
      reader: () => this.reader,
      readerGone: () => {
        this.reader = null;
      },
    };
  }

  /** Whether somebody works with a scanner now: a count is open, or a package or return was scanned in the last SCANNING_MS. */
  private scanning(): boolean {
    return this.repo.countOpen() || this.ctx.clock.now() - this.repo.lastScanAt() < SCANNING_MS;
  }

  isRunning(): boolean {
    return this.current !== null;
  }

  /** The sync running now, to wait for (null when none runs). */
  running(): Promise<SyncReport> | null {
    return this.current;
  }

  status(): SyncStatus {
    return { progress: this.progress, lastSuccessAt: this.runs.lastSuccess.get()?.at ?? null, cached: this.repo.counts() };
  }

  /**
   * Whether `kind` has had a sync of at least `days` days that paged its list to the end: its first
   * full sync (the background refresh's first window). Asked per kind: a returns-only sync (the
   * Returns desk's look further back) is no first sync of the orders, nor a sync of 7 days (Review's).
   * A run that skipped records it could not cache (RECORDS_SKIPPED) paged its list to the end: it
   * counts, or every refresh would take the first window again while one record stays broken.
   */
  hadFullSync(kind: PackageKind, days: number): boolean {
    return this.runs.fullRun.get(kind, days * DAY) !== undefined;
  }

  /** Starts a sync in the background; progress comes as 'packages.sync' events. */
  start(input: SyncInput): { started: boolean } {
    if (this.current) return { started: false };
    this.run(input).catch(() => undefined);
    return { started: true };
  }

  /** Runs a sync to the end (CLI, tests); a second call while one runs is refused. */
  run(input: SyncInput): Promise<SyncReport> {
    if (this.current) return Promise.reject(new AppError('conflict', 'a sync is already running', { reason: 'sync_running' }));
    const p = this.execute(input).finally(() => {
      this.current = null;
    });
    this.current = p;
    return p;
  }

  private async execute(input: SyncInput): Promise<SyncReport> {
    const now = this.ctx.clock.now();
    const to = input.to ? parseDate(input.to, 'to') : now;
    const from = input.from ? parseDate(input.from, 'from') : to - 30 * DAY;
    if (from > to) throw new AppError('invalid_input', '"from" is after "to"', { reason: 'from_after_to' });
    const returnsFrom = input.returnsFrom ? parseDate(input.returnsFrom, 'returnsFrom') : from;
    if (returnsFrom > to) throw new AppError('invalid_input', '"returnsFrom" is after "to"', { reason: 'from_after_to' });
    const kinds = input.kinds ?? ['order', 'return'];
    const startedAt = this.ctx.clock.iso();
    // A sync writes thousands of pages to the log: from now on a worker thread checkpoints it.
    void this.ws.offloadCheckpoints();
    this.setProgress({ ...idle, state: 'running', startedAt });
    this.reader = PageReader.start(this.ctx.options.pageReader, (m) => this.ctx.options.log?.(m));
    const report: SyncReport = { kinds: [], from: new Date(from).toISOString(), to: new Date(to).toISOString(), finishedAt: '' };
    this.skipped = new Map();
    try {
      for (const kind of kinds) {
        const k = { kind, pages: 0, fetched: 0, stored: 0, total: 0, resumedPages: 0 };
        // Returns may start earlier (RETURNS_LOOKBACK_DAYS).
        const start = kind === 'return' ? returnsFrom : from;
        report.kinds.push(k);
        const since = new Date(now - RESUME_WITHIN_MS).toISOString();
        const skippedSince = new Date(now - SKIPPED_RETRY_WITHIN_MS).toISOString();
        /** Unfinished runs the new run pages anyway: done once it is. */
        const held: number[] = [];
        for (const leftover of this.runs.unfinished.all(kind, since, skippedSince)) {
          // The new window holds it, give or take the start a rolling window ("the last 30 days")
          // has moved on by since it started (the packages before `from` are no longer asked for):
          // the new run pages it whole, with the checks of a whole pass. Finishing it first only
          // paged its missing pages twice (a first sync stopped at page 6 of 20: 35 requests, now 22).
          const age = now - Date.parse(leftover.started_at);
          if (leftover.to_ts <= to && leftover.from_ts >= start - age - 60_000) {
            held.push(leftover.id);
            continue;
          }
          // A run of another window that failed earlier is finished first, from the page where it
          // stopped. If it fails again, the new run below still runs (and reports its own trouble).
          await this.runPages(leftover, k, true).catch(() => undefined);
        }
        const pageSize = this.ws.profile.pageSize;
        const runId = Number(this.runs.insertRun.run(kind, start, to, pageSize, this.ctx.clock.iso()).lastInsertRowid);
        const run: RunRow = {
          id: runId,
          kind,
          from_ts: start,
          to_ts: to,
          page_size: pageSize,
          total_pages: null,
          total_results: null,
          state: 'running',
          fetched: 0,
          started_at: this.ctx.clock.iso(),
        };
        const first = await this.runPages(run, k, false);
        if (first.drifted || first.short) {
          // The list changed under us (its total, or packages moved between pages with the total
          // unchanged): page the window once more so nothing slipped between pages.
          const again = Number(this.runs.insertRun.run(kind, start, to, pageSize, this.ctx.clock.iso()).lastInsertRowid);
          const second = await this.runPages({ ...run, id: again }, k, false);
          if (second.short && second.expected !== null) {
            throw new AppError(
              'bad_response',
              `the ${kind} list gave ${second.seen.size} different packages of the ${second.expected} it announced, twice (it changes while paging or ignores the page number); the cache may miss some`,
              { reason: 'list_incomplete', seen: second.seen.size, expected: second.expected },
            );
          }
        }
        this.runs.supersede.run(kind, start, to, runId);
        for (const id of held) this.runs.supersedeOne.run(id);
      }
      report.finishedAt = this.ctx.clock.iso();
      const skipped = this.skippedSoFar();
      if (skipped) report.skipped = skipped;
      this.setProgress({ ...this.progress, state: 'done', finishedAt: report.finishedAt, error: null, skipped });
      this.emitChanged(true);
      return report;
    } catch (e) {
      const error = errorShape(e);
      this.setProgress({ ...this.progress, state: 'failed', finishedAt: this.ctx.clock.iso(), error });
      this.emitChanged(true);
      throw e;
    } finally {
      const reader = this.reader;
      this.reader = null;
      await reader?.close();
    }
  }

  /**
   * Fetches and stores the pages of one run that are not stored yet. Says whether the list moved
   * (its total drifted, a package came on two pages, the first or last page changed meanwhile),
   * and whether fewer distinct packages came than the total announced (`short`, only known when
   * every page was fetched in this pass).
   */
  private async runPages(
    run: RunRow,
    k: SyncReport['kinds'][number],
    resumed: boolean,
  ): Promise<{ drifted: boolean; short: boolean; /** distinct packages of this pass */ seen: Set<number>; expected: number | null }> {
    const done = new Set(this.runs.pagesDone.all(run.id).map((r) => r.page));
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
      const now = this.ctx.clock.iso();
      const learning = { known: learned, added: new Set<string>() };
      const r = await storeSliced(
        this.ws.db,
        fetched.rows,
        (slice) => this.repo.upsertRows(slice, now, undefined, learning),
        // A page with records that were skipped is not recorded: a later sync asks for it again.
        () => fetched.skipped.length === 0 && this.runs.insertPage.run(run.id, page, fetched.count, now),
        // While somebody scans (a count is open, or a scan in the last SCANNING_MS), slices are
        // short: a scan waits for one at most. Otherwise they are longer, and fewer commits store
        // the page sooner. While a count is open they also wait for the disk themselves, so a
        // scan's commit does not flush theirs (ingest.ts, cacheTransaction).
        // Before a slice, the log is kept from growing without end (workspace.ts, makeLogRoom).
        {
          sizer,
          now: this.opts.now,
          budgetMs: () => (this.scanning() ? SLICE_BUDGET_MS : IDLE_SLICE_BUDGET_MS),
          durable: () => this.repo.countOpen(),
          onSlice: this.opts.onSlice,
          room: () => this.ws.makeLogRoom(this.opts.logLimitFrames),
          // The text and code indexes' segments are merged between slices, not in their commits
          // (migration 019): a scan waits for one or the other, never both.
          between: (budgetMs) => this.repo.mergeIndexes(budgetMs, this.opts.now),
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
        this.noteSkipped(run.kind, page, fetched.skipped);
      }
      done.add(page);
      k.pages += 1;
      k.fetched += fetched.count;
      k.stored += r.inserted;
      if (resumed) k.resumedPages += 1;
      if (fetched.totalResults !== null && totalResults !== null && fetched.totalResults !== totalResults) drift = true;
      this.setProgress({
        ...this.progress,
        kind: run.kind,
        page: done.size,
        totalPages,
        // Packages of this kind so far (a run of returns after the orders starts again from 0).
        fetched: (this.progress.kind === run.kind ? this.progress.fetched : 0) + fetched.count,
        total: totalResults,
        skipped: this.skippedSoFar(),
      });
      this.emitChanged(false);
      return fresh;
    };

    try {
      if (totalPages === null || !done.has(0)) {
        const first = await this.fetchPage(run, 0);
        totalResults = first.totalResults;
        totalPages = first.totalPages ?? (first.totalResults !== null ? Math.ceil(first.totalResults / run.page_size) : null);
        this.runs.updateRunTotals.run(totalPages, totalResults, run.id);
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
          const p = await this.fetchPage(run, page);
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
              await store(page, await this.fetchPage(run, page));
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
            const again = await this.fetchPage(run, page);
            if (again.ids.join(',') !== edges.get(page)) moved = true;
          }
        }
      }
      // The log copied whole before the run is marked done, so this commit starts it again and
      // cuts its file back (workspace.ts): a finished sync leaves no long log on the disk.
      await this.ws.settleLog();
      this.runs.finishRun.run('done', passSkipped > 0 ? RECORDS_SKIPPED : null, this.ctx.clock.iso(), run.id);
      // A package on two pages also means the list moved.
      if (pass.size < pagesCounted) moved = true;
      const short = complete && totalResults !== null && pass.size + passSkipped < totalResults;
      return { drifted: drift || moved, short, seen: pass, expected: totalResults };
    } catch (e) {
      // Signed out meanwhile (the session ended): the workspace is closed, the run stays unfinished
      // and is resumed at the next sign-in.
      if (!this.ws.db.open) throw e instanceof AppError ? e : new AppError('not_signed_in', 'the session ended during the sync');
      // A run that paged its list to the end and skipped records (RECORDS_SKIPPED), asked again
      // for their pages: it stays as it was. Marked failed it would be resumed for RESUME_WITHIN_MS
      // of its start only (not SKIPPED_RETRY_WITHIN_MS), and no longer be a full sync (hadFullSync).
      if (resumed && run.state === 'done') throw e;
      this.runs.finishRun.run('failed', e instanceof Error ? e.message : String(e), this.ctx.clock.iso(), run.id);
      throw e;
    }
  }

  private fetchPage(run: RunRow, page: number): Promise<FetchedPage> {
    return fetchPage(this.pageEnv, run, page);
  }

  /** Skipped records of this sync, each once (a window paged twice meets them twice). */
  private skipped = new Map<string, SkippedRecord>();

  private noteSkipped(kind: PackageKind, page: number, records: SkippedRecord[]) {
    for (const r of records) this.skipped.set(`${kind}:${r.id ?? r.orderNumber ?? `${page}.${r.record}`}`, r);
  }

  /** What the progress and the report say of the skipped records; undefined when there are none. */
  private skippedSoFar(): SkippedRecords | undefined {
    if (this.skipped.size === 0) return undefined;
    const records = [...this.skipped.values()]
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.page - b.page || a.record - b.record)
      .slice(0, SKIPPED_RECORDS_LISTED);
    return { count: this.skipped.size, records };
  }

  private setProgress(p: SyncProgress) {
    this.progress = p;
    this.ctx.bus.emit('packages.sync', p);
  }

  /** Screens refresh on 'packages.changed'; at most about once a second while a sync runs. */
  private emitChanged(force: boolean) {
    const now = this.ctx.clock.now();
    if (!force && now - this.lastChangedEmit < 1000) return;
    this.lastChangedEmit = now;
    this.ctx.bus.emit('packages.changed', { reason: 'sync' });
  }
}

/**
 * What names a skipped record across the pages of a pass: its id, else its order number, else its
 * place on its page and why (a service that ignores the page number sends the same again).
 */
function skippedKey(r: SkippedRecord): string {
  return r.id !== null ? `id:${r.id}` : r.orderNumber !== null ? `on:${r.orderNumber}` : `at:${r.record}:${r.reason}:${r.field ?? ''}`;
}

function parseDate(value: string, name: string): number {
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw new AppError('invalid_input', `"${name}" is not a date: ${value}`, { reason: 'not_a_date', value });
  return t;
}

const createSync = (ws: Workspace, ctx: CoreContext) => new PackageSync(ws, ctx);
export const syncOf = (ws: Workspace, ctx: CoreContext) => ws.service(createSync, ws, ctx);

/**
 * A sync that reads the lists from now on. One already running may have read them before the
 * change the caller must see (the background sync started at sign-in, a return-only `wd sync`): it
 * is waited for, then a new one runs (another one can start in between: waited for as well, a few
 * times at most). Review's sync, and a sync the worker asked for and waits on (the Returns desk's
 * look for a return the copy does not have).
 */
export async function syncStartingNow(sync: PackageSync, input: SyncInput): Promise<SyncReport> {
  for (let i = 0; i < 3; i++) {
    const running = sync.running();
    if (!running) return sync.run(input);
    await running.then(
      () => undefined,
      () => undefined,
    );
  }
  return sync.run(input);
}
