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
import { PageReader } from './page-reader';
import { fetchPage, type PageFetchEnv } from './fetch-page';
import { packagesOf } from './packages-repo';

export { PAGE_TIMEOUT_MS, READ_BUDGET_MS } from './fetch-page';
import { prepareSyncRuns, SKIPPED_RETRY_WITHIN_MS, type RunRow, type SyncRuns } from './sync-runs';
import { runPages, type PagesEnv, type SyncOptions } from './sync-pages';
import { instantAt } from '../../../shared/domain/time';

export { PAGE_CONCURRENCY, type SyncOptions } from './sync-pages';

const DAY = 86_400_000;
/** Unfinished runs younger than this are resumed before a new run starts. */
const RESUME_WITHIN_MS = 2 * DAY;
/** How long after somebody's last scan of a package or a return the sync keeps its slices short (ingest.ts, SLICE_BUDGET_MS). */
export const SCANNING_MS = 5 * 60_000;

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
  /** What a run's pages are fetched and stored with (sync-pages.ts). */
  private readonly pagesEnv: PagesEnv;

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
    private opts: SyncOptions = {},
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
    this.pagesEnv = {
      ws,
      ctx,
      opts,
      runs: this.runs,
      repo: this.repo,
      fetchPage: (run, page) => fetchPage(this.pageEnv, run, page),
      scanning: () => this.scanning(),
      noteSkipped: (kind, page, records) => this.noteSkipped(kind, page, records),
      progress: () => this.progress,
      setProgress: (p) => this.setProgress(p),
      skippedSoFar: () => this.skippedSoFar(),
      emitChanged: (force) => this.emitChanged(force),
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
    // finishedAt: set when the run ends (the report is seen only then).
    const report: SyncReport = { kinds: [], from: instantAt(from), to: instantAt(to), finishedAt: startedAt };
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
          await runPages(this.pagesEnv, leftover, k, true).catch(() => undefined);
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
        const first = await runPages(this.pagesEnv, run, k, false);
        if (first.drifted || first.short) {
          // The list changed under us (its total, or packages moved between pages with the total
          // unchanged): page the window once more so nothing slipped between pages.
          const again = Number(this.runs.insertRun.run(kind, start, to, pageSize, this.ctx.clock.iso()).lastInsertRowid);
          const second = await runPages(this.pagesEnv, { ...run, id: again }, k, false);
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
