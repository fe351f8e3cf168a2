import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { PackageKind, SkippedRecord } from '../../../shared/domain/packages';
import { nodeWorkerThreads } from '../builtins';
import { AppError } from '../errors';
import type { CacheRow } from './cache-record';
import type { ReadAnswer, ReadRequest } from './page-reader-worker';

/**
 * The thread's young generation: 16 MB instead of V8's default (up to 48 MB here), whose heap
 * peaked at 41 MB instead of 18 MB in a sync of 60,000 orders. It was 6 MB until the ninth round:
 * a record read leaves about 60 KB of garbage (its text, the parsed record, the checked copy), so
 * the thread collected every 9 ms or so, 744 times in 20,000 orders (678 ms of its time). With
 * 16 MB, built `wd sync` of 20,000 orders, nine interleaved pairs: 7.41 s and 10.3 s of CPU
 * against 7.63 s and 10.9 s (medians), peak 221–233 MB against 220–241 MB.
 */
const YOUNG_MB = 16;
/** A page the thread has not answered in this long: the thread is stopped and the sync reads on its own (a page takes it about 10 ms a hundred records). */
export const READ_TIMEOUT_MS = 30_000;

/** A page as read: its records' rows, and the records that could not be cached (page-read.ts). */
export interface PageRead {
  rows: CacheRow[];
  skipped: SkippedRecord[];
}

/** The page reader stopped or never started: the caller reads the page on its own thread. */
export class ReaderGone extends Error {}

/**
 * A worker thread that reads a sync's list pages into packed cache rows (page-read.ts: decode,
 * JSON.parse, the wire schema, the cache row, deflate), so the core's thread only receives pages
 * and writes them. On a profile of a first sync that work was half of the core's thread; with it
 * on the other core, reading the next page and writing the last one run at the same time.
 *
 * Started for one sync run and stopped after it (a thread and its heap only while a sync runs).
 * `file` is the host's build of page-reader-worker.ts; a host without one (the sources under
 * tsx, the tests of the core) passes none and the core's thread reads the pages as before. If the
 * thread cannot start or stops, `read` throws ReaderGone and the sync reads on its own thread.
 */
export class PageReader {
  private pending = new Map<number, { rows: CacheRow[]; resolve: (read: PageRead) => void; reject: (e: unknown) => void }>();
  private next = 1;
  private gone: string | null = null;

  private constructor(
    private worker: Worker,
    private log: (message: string) => void,
    private timeoutMs: number,
  ) {
    worker.on('message', (a: ReadAnswer) => {
      const p = this.pending.get(a.id);
      if (!p) return;
      if ('error' in a) {
        this.pending.delete(a.id);
        p.reject(new AppError(a.error.code, a.error.message, a.error.params));
        return;
      }
      for (const row of rowsOf(a)) p.rows.push(row);
      if (a.last) {
        this.pending.delete(a.id);
        p.resolve({ rows: p.rows, skipped: a.skipped ?? [] });
      }
    });
    worker.on('error', (e) => this.stop(`the page reader failed: ${e.message}`));
    worker.on('exit', (code) => this.stop(`the page reader stopped (exit code ${code})`));
  }

  /** A reader on `file`, or null when there is none (the caller reads on its own thread). */
  static start(file: string | undefined, log: (message: string) => void, timeoutMs = READ_TIMEOUT_MS): PageReader | null {
    if (!file || !existsSync(file)) return null;
    try {
      return new PageReader(
        new (nodeWorkerThreads().Worker)(file, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } }),
        log,
        timeoutMs,
      );
    } catch (e) {
      log(`the page reader did not start: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  /** The records of a cut page (`items`: views on `bytes`) as packed cache rows and the records it skipped (page-read.ts), or the error that names the page. */
  read(kind: PackageKind, page: number, bytes: Uint8Array, items: Uint8Array[]): Promise<PageRead> {
    if (this.gone !== null) return Promise.reject(new ReaderGone(this.gone));
    // A copy of exactly the page, moved to the thread (the bytes received may share their memory).
    const own = bytes.slice();
    const spans = new Int32Array(items.length * 2);
    items.forEach((item, i) => {
      spans[2 * i] = item.byteOffset - bytes.byteOffset;
      spans[2 * i + 1] = item.byteOffset - bytes.byteOffset + item.byteLength;
    });
    const id = this.next++;
    const answered = new Promise<PageRead>((resolve, reject) => {
      this.pending.set(id, { rows: [], resolve, reject });
      const request: ReadRequest = { id, kind, page, bytes: own, spans };
      this.worker.postMessage(request, [own.buffer, spans.buffer]);
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = `the page reader did not answer page ${page} in ${this.timeoutMs} ms`;
        this.stop(reason);
        void this.worker.terminate();
        reject(new ReaderGone(reason));
      }, this.timeoutMs);
    });
    return Promise.race([answered, late]).finally(() => clearTimeout(timer));
  }

  /** Stops the thread (the end of a sync run). */
  async close(): Promise<void> {
    this.gone ??= 'closed';
    await this.worker.terminate();
  }

  private stop(reason: string): void {
    if (this.gone === null) {
      this.gone = reason;
      this.log(reason);
    }
    for (const p of this.pending.values()) p.reject(new ReaderGone(reason));
    this.pending.clear();
  }
}

/** The answer's rows with their packed records as views on the one buffer that carried them. */
function rowsOf(a: Extract<ReadAnswer, { rows: CacheRow[] }>): CacheRow[] {
  const buffer = Buffer.from(a.raws.buffer, a.raws.byteOffset, a.raws.byteLength);
  let start = 0;
  a.rows.forEach((row, i) => {
    row.raw = buffer.subarray(start, a.ends[i]);
    start = a.ends[i]!;
  });
  return a.rows;
}
