import type { SkippedRecord, SyncProgress } from '../../../shared/domain/packages';
import { PACKAGE_LIST_PATHS, packageListSearch, serviceTimestamp } from '../../../shared/service/packages';
import { isTransientError, retry } from '../api/retry';
import type { CoreContext } from '../context';
import { backgroundTurns } from '../turns';
import type { Workspace } from '../workspace';
import type { CacheRow } from './cache-record';
import { acceptedListPage, cutListPage } from './list-page';
import { readRecord } from './page-read';
import { ReaderGone, type PageReader } from './page-reader';
import type { RunRow } from './sync-runs';

/** How long records are checked and mapped to cache rows before the event loop gets a turn; storing is sliced by storeSliced. */
export const READ_BUDGET_MS = 10;
/** How long one page request may take (shown counting while it waits). */
export const PAGE_TIMEOUT_MS = 30_000;

/** What fetching a page needs of the sync that asks for it. */
export interface PageFetchEnv {
  ws: Workspace;
  ctx: CoreContext;
  opts: { attempts?: number; retryBaseMs?: number; sleep?: (ms: number) => Promise<void> };
  progress(): SyncProgress;
  setProgress(p: SyncProgress): void;
  /** The thread that reads pages (page-reader.ts), or null: the core's thread reads them. */
  reader(): PageReader | null;
  /** The reader's thread stopped: the pages from now on are read on the core's thread. */
  readerGone(): void;
}

export interface FetchedPage {
  rows: CacheRow[];
  /** Records of the page that could not be cached (page-read.ts): not in `rows`. */
  skipped: SkippedRecord[];
  /** Package ids of the page, to check a window is complete. */
  ids: number[];
  totalPages: number | null;
  totalResults: number | null;
  count: number;
}

/**
 * One page of a list, asked of the service (the session signs in again once on a 401; network
 * trouble, timeouts, 5xx, 429 and garbled answers retried with backoff), cut into its records and
 * read into cache rows on the page reader's thread or in short turns of the core's. A page that is
 * still garbled is an error; a record the cache cannot take is skipped and named.
 */
export function fetchPage(env: PageFetchEnv, run: RunRow, page: number): Promise<FetchedPage> {
  const profile = env.ws.profile;
  const search = packageListSearch({
    page,
    size: run.page_size,
    orderByField: 'orderDate',
    orderByDirection: 'ASC',
    StartDate: serviceTimestamp(run.from_ts, profile.timestampUnit),
    EndDate: serviceTimestamp(run.to_ts, profile.timestampUnit),
  });
  const url = `${profile.omsUrl}${PACKAGE_LIST_PATHS[run.kind]}?${search}`;
  return retry(
    async (attempt) => {
      env.setProgress({ ...env.progress(), waiting: { page, since: env.ctx.clock.iso(), timeoutMs: PAGE_TIMEOUT_MS, attempt } });
      const res = await env.ctx.session
        .authorized((token) => env.ctx.http.send(url, { headers: { authorization: `Bearer ${token}` }, timeoutMs: PAGE_TIMEOUT_MS }))
        .finally(() => {
          if (env.progress().waiting?.page === page) env.setProgress({ ...env.progress(), waiting: null });
        });
      // The page's bytes cut into its records (json-items.ts), in a turn of its own: the
      // envelope is classified alone (the list operation's own rules, shared with the sandbox
      // and the tests) and each record is decoded and parsed from its own bytes below, in turns,
      // and cached as sent. Parsing a page of 500 records at once held the core for 25–50 ms,
      // and the page as one string was garbage only a full collection frees. A page that cannot
      // be cut safely is parsed whole.
      const page_ = await backgroundTurns.run(() => cutListPage(run.kind, res));
      const envelope = { data: acceptedListPage(page_.v, run.kind, page, res.status) };
      const items = page_.items;
      const data = items ?? envelope.data.data ?? [];
      let rows: CacheRow[] | null = null;
      let skipped: SkippedRecord[] = [];
      // The reader reads while somebody scans too. Until the thirteenth round the core's thread
      // read the pages itself then (scans had waited longer with the reader busy on the other
      // core: p99 57–74 ms against 41 ms at 40,000, seventh round). Measured again with every
      // change since (120,000 packages, a count open, one scan every 100 ms, five interleaved
      // pairs): the sync took 28–43 s against 45–72 s (medians 36.6 against 58.1 s), the scans
      // were as before (p99 29–45 against 17–41 ms, longest 51–78 against 23–84 ms).
      const reader = env.reader();
      if (items !== null && reader !== null) {
        try {
          ({ rows, skipped } = await reader.read(run.kind, page, res.bytes, items));
        } catch (e) {
          if (!(e instanceof ReaderGone)) throw e;
          // The thread stopped: this page and the rest are read here.
          env.readerGone();
        }
      }
      if (rows === null) {
        const read: CacheRow[] = [];
        const skippedHere: SkippedRecord[] = [];
        let i = 0;
        // Records are checked, mapped and packed in chunks of READ_BUDGET_MS, each in its own turn.
        const readChunk = () => {
          const began = performance.now();
          for (; i < data.length;) {
            const row = readRecord(run.kind, page, i, items ? items[i]! : null, items ? undefined : data[i], skippedHere);
            i++;
            if (row !== null) read.push(row);
            if (performance.now() - began >= READ_BUDGET_MS) return;
          }
        };
        while (i < data.length) await backgroundTurns.run(readChunk);
        rows = read;
        skipped = skippedHere;
      }
      if (skipped.length > 0)
        env.ctx.options.log?.(
          `page ${page} of the ${run.kind} list: ${skipped.length} record(s) skipped (${skipped.map((r) => `record ${r.record}: ${r.reason}${r.field ? ` ${r.field}` : ''}`).join(', ')})`,
        );
      return {
        rows,
        skipped,
        ids: rows.map((r) => r.id),
        count: rows.length,
        totalPages: envelope.data.totalPages ?? null,
        totalResults: envelope.data.totalResultCount ?? null,
      };
    },
    {
      attempts: env.opts.attempts ?? 5,
      baseMs: env.opts.retryBaseMs ?? 400,
      capMs: 10_000,
      isTransient: isTransientError,
      sleep: env.opts.sleep,
    },
  );
}
