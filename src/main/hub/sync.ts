import type pg from 'pg';
import type { PackageKind, SkippedRecord } from '../../shared/domain/packages';
import { PACKAGE_LIST_PATHS, packageListSearch, serviceTimestamp } from '../../shared/service/packages';
import { HttpClient } from '../core/api/http';
import { isTransientError, retry } from '../core/api/retry';
import { AppError } from '../core/errors';
import { acceptedListPage, cutListPage } from '../core/packages/list-page';
import { checkRecord } from '../core/packages/page-read';
import { feedHead, storePackages, type HubPackage } from './changes';
import type { HubServiceConfig } from './config';
import { HubSession } from './service';

const DAY = 86_400_000;
/** How long one page request may take (the desk's PAGE_TIMEOUT_MS). */
const PAGE_TIMEOUT_MS = 30_000;
/** Pages asked at the same time: the hub shares its service with nobody, and is gentle with it. */
const HUB_PAGE_CONCURRENCY = 3;
/** Upper bound of pages when the service sends no totals (as the desk's sync). */
const MAX_PAGES_WITHOUT_TOTALS = 10_000;

export interface HubSyncOptions {
  pool: pg.Pool;
  service: HubServiceConfig;
  log(event: string, fields?: Record<string, unknown>): void;
  /** Packages a page (the service's documented sample uses 15; the desk's default 100). */
  pageSize?: number;
  /** Tries of one page, and the first backoff (ms): tests shrink them. */
  attempts?: number;
  retryBaseMs?: number;
  now?: () => number;
}

/** What the last sync did, for /health and /metrics. */
export interface HubSyncState {
  running: boolean;
  /** When the last sync ended (ISO), whether it worked, and its error's code when it did not. */
  lastAt: string | null;
  lastOk: boolean | null;
  lastError: string | null;
  lastSuccessAt: string | null;
  /** Packages of the last successful sync, and how many of them changed in the feed. */
  lastPackages: number;
  lastChanged: number;
  failures: number;
}

interface KindCounts {
  packages: number;
  changed: number;
  skipped: number;
  pages: number;
}

/**
 * The hub's sync: while it leads, it signs in to the service (HubSession) and pages through the
 * order and return lists of a rolling window (the last `windowDays` days, ordered by orderDate
 * ascending as the desk's sync does) into the package feed (storePackages: a package stored as it
 * was keeps its change number, so a repeated sync pokes no desk); then again `everyMs` after the
 * end of the last one. A hub that stops leading stops: the sync under way is aborted, no timer
 * is left. The pure parts are the desk's (the HTTP client with its timeouts, retry with backoff,
 * what a list page's answer means, the record check); nothing of the desk's SQLite cache.
 *
 * Each sync logs `hub.sync_done` (counts, head) or `hub.sync_failed` (the error's code).
 */
export class HubSync {
  private leading = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private readonly http = new HttpClient();
  private readonly session: HubSession;
  private readonly now: () => number;
  private readonly state: HubSyncState = {
    running: false,
    lastAt: null,
    lastOk: null,
    lastError: null,
    lastSuccessAt: null,
    lastPackages: 0,
    lastChanged: 0,
    failures: 0,
  };

  constructor(private readonly opts: HubSyncOptions) {
    this.now = opts.now ?? (() => Date.now());
    const s = opts.service;
    this.session = new HubSession(this.http, s.omsUrl, { userName: s.userName, password: s.password }, this.now);
  }

  status(): HubSyncState {
    return { ...this.state };
  }

  /** Leadership's onChange: a leader syncs now and then on its timer; a follower stops. */
  setLeading(leading: boolean): void {
    this.leading = leading;
    if (leading) this.schedule(0);
    else {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.abort?.abort();
    }
  }

  async stop(): Promise<void> {
    this.setLeading(false);
    await this.running;
    await this.http.close();
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.leading || this.running) return;
      this.running = this.syncOnce().finally(() => {
        this.running = null;
        if (this.leading) this.schedule(this.opts.service.everyMs);
      });
    }, ms);
  }

  /** One sync of the window; never throws (work on a timer logs what failed). */
  private async syncOnce(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.state.running = true;
    const began = this.now();
    const to = began;
    const from = to - this.opts.service.windowDays * DAY;
    const kinds: Record<PackageKind, KindCounts> = {
      order: { packages: 0, changed: 0, skipped: 0, pages: 0 },
      return: { packages: 0, changed: 0, skipped: 0, pages: 0 },
    };
    try {
      for (const kind of ['order', 'return'] as const) await this.syncKind(kind, from, to, abort.signal, kinds[kind]);
      const head = await feedHead(this.opts.pool);
      const packages = kinds.order.packages + kinds.return.packages;
      const changed = kinds.order.changed + kinds.return.changed;
      Object.assign(this.state, {
        lastAt: new Date(this.now()).toISOString(),
        lastOk: true,
        lastError: null,
        lastSuccessAt: new Date(this.now()).toISOString(),
        lastPackages: packages,
        lastChanged: changed,
      });
      this.opts.log('hub.sync_done', {
        orders: kinds.order.packages,
        returns: kinds.return.packages,
        changed,
        skipped: kinds.order.skipped + kinds.return.skipped,
        pages: kinds.order.pages + kinds.return.pages,
        head,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        ms: this.now() - began,
      });
    } catch (e) {
      if (abort.signal.aborted) {
        this.opts.log('hub.sync_stopped', { reason: 'not_leading' });
        return;
      }
      const code = errorCode(e);
      Object.assign(this.state, { lastAt: new Date(this.now()).toISOString(), lastOk: false, lastError: code });
      this.state.failures += 1;
      const status = e instanceof AppError ? e.params?.status : undefined;
      this.opts.log('hub.sync_failed', {
        code,
        ...(status !== undefined ? { status } : {}),
        error: e instanceof Error ? e.message : String(e),
        ms: this.now() - began,
      });
    } finally {
      this.state.running = false;
      if (this.abort === abort) this.abort = null;
    }
  }

  /**
   * Pages one list of the window into the feed, each page stored as it comes. When the list moved
   * while it was paged (its total changed, or fewer distinct packages came than it announced), the
   * window is paged once more: a package that slipped between two pages comes then (storing the
   * rest again changes nothing).
   */
  private async syncKind(kind: PackageKind, from: number, to: number, signal: AbortSignal, counts: KindCounts): Promise<void> {
    for (let pass = 0; pass < 2; pass++) {
      const { seen, total, drifted } = await this.pass(kind, from, to, signal, counts);
      counts.packages = Math.max(counts.packages, seen);
      if (!drifted && (total === null || seen + counts.skipped >= total)) return;
    }
  }

  private async pass(
    kind: PackageKind,
    from: number,
    to: number,
    signal: AbortSignal,
    counts: KindCounts,
  ): Promise<{ seen: number; total: number | null; drifted: boolean }> {
    const size = this.opts.pageSize ?? 100;
    const base = `${this.opts.service.omsUrl}${PACKAGE_LIST_PATHS[kind]}?`;
    const seen = new Set<number>();
    let drifted = false;
    const fetchAndStore = async (page: number) => {
      const search = packageListSearch({
        page,
        size,
        orderByField: 'orderDate',
        orderByDirection: 'ASC',
        StartDate: serviceTimestamp(from, this.opts.service.timestampUnit),
        EndDate: serviceTimestamp(to, this.opts.service.timestampUnit),
      });
      const got = await retry(
        async () => {
          const res = await this.session.authorized((token) =>
            this.http.send(base + search, { headers: { authorization: `Bearer ${token}` }, timeoutMs: PAGE_TIMEOUT_MS, signal }),
          );
          const { v, items } = cutListPage(kind, res);
          const envelope = acceptedListPage(v, kind, page, res.status);
          const data = items ?? envelope.data ?? [];
          const packages: HubPackage[] = [];
          const skipped: SkippedRecord[] = [];
          for (let i = 0; i < data.length; i++) {
            const checked = checkRecord(kind, page, i, items ? items[i]! : null, items ? undefined : data[i], skipped);
            if (checked)
              packages.push({ kind, id: checked.record.id, record: checked.value, modifiedAt: instantOf(checked.record.lastModifiedDate) });
          }
          return { packages, skipped, totalPages: envelope.totalPages ?? null, totalResults: envelope.totalResultCount ?? null };
        },
        {
          attempts: this.opts.attempts ?? 4,
          baseMs: this.opts.retryBaseMs ?? 500,
          capMs: 10_000,
          isTransient: (e) => !signal.aborted && isTransientError(e),
        },
      );
      if (signal.aborted) throw new AppError('unavailable', 'the hub stopped leading', { reason: 'not_leading' });
      const stored = await storePackages(this.opts.pool, got.packages);
      counts.changed += stored.changed;
      counts.skipped += got.skipped.length;
      counts.pages += 1;
      if (got.skipped.length > 0)
        this.opts.log('hub.sync_skipped', {
          kind,
          page,
          records: got.skipped.map((r) => ({ id: r.id, reason: r.reason, field: r.field })),
        });
      let fresh = 0;
      for (const p of got.packages) {
        if (!seen.has(p.id)) fresh++;
        seen.add(p.id);
      }
      return { ...got, fresh, count: got.packages.length + got.skipped.length };
    };

    const first = await fetchAndStore(0);
    const total = first.totalResults;
    const totalPages = first.totalPages ?? (total !== null ? Math.ceil(total / size) : null);
    if (totalPages === null) {
      // No paging information: on until a short page, or a page with nothing new.
      for (let page = 1, last = first; page < MAX_PAGES_WITHOUT_TOTALS && last.count >= size && last.fresh > 0; page++)
        last = await fetchAndStore(page);
      return { seen: seen.size, total, drifted };
    }
    const todo = Array.from({ length: Math.max(0, totalPages - 1) }, (_, i) => i + 1);
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      while (todo.length > 0 && failure === null) {
        const page = todo.shift()!;
        try {
          const got = await fetchAndStore(page);
          if (got.totalResults !== null && got.totalResults !== total) drifted = true;
        } catch (e) {
          failure ??= { error: e };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(HUB_PAGE_CONCURRENCY, todo.length) }, worker));
    if (failure !== null) throw (failure as { error: unknown }).error;
    return { seen: seen.size, total, drifted };
  }
}

/** The service's timestamp as an instant PostgreSQL takes, or null when it is none. */
function instantOf(s: string | null | undefined): string | null {
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/**
 * The code a failed sync is logged with: the core's error code (the service's side: auth_failed,
 * network, timeout, service_error, bad_response …); anything else that carries a code came from
 * PostgreSQL or its connection (a SQLSTATE, ECONNREFUSED) and is `database`.
 */
function errorCode(e: unknown): string {
  if (e instanceof AppError) return e.code;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? 'database' : 'internal';
}
