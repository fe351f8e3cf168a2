/**
 * The page reader's thread (page-reader.ts): reads list pages into packed cache rows, the work a
 * sync did on the core's thread between receiving a page and writing it. Each host builds this
 * file on its own (electron.vite.config.ts: `?modulePath`; cli.vite.config.ts: wd-page-reader.js).
 */
import { parentPort } from 'node:worker_threads';
import type { PackageKind, SkippedRecord } from '../../../shared/domain/packages';
import type { AppErrorShape } from '../../../shared/result';
import { errorShape } from '../errors';
import type { CacheRow } from './cache-record';
import { readRecord } from './page-read';

export interface ReadRequest {
  id: number;
  kind: PackageKind;
  page: number;
  /** The page's bytes as received (transferred). */
  bytes: Uint8Array;
  /** Each record's start and end in `bytes`, two numbers a record. */
  spans: Int32Array;
}

export type ReadAnswer =
  | {
      id: number;
      /** Rows of the page in order, without `raw`; the packed records are `raws`, one after another, each ending at `ends[i]`. */
      rows: CacheRow[];
      raws: Uint8Array;
      ends: Int32Array;
      /** The page's last part. */
      last: boolean;
      /** The records of the page it skipped (page-read.ts), in the last part. */
      skipped?: SkippedRecord[];
    }
  | { id: number; error: AppErrorShape };

/** Rows a message carries at most. */
const ANSWER_ROWS = 100;

const port = parentPort;
if (!port) throw new Error('page-reader-worker runs as a worker thread');

port.on('message', (m: ReadRequest) => {
  try {
    const rows: CacheRow[] = [];
    const skipped: SkippedRecord[] = [];
    for (let i = 0; i < m.spans.length / 2; i++) {
      const row = readRecord(m.kind, m.page, i, m.bytes.subarray(m.spans[2 * i], m.spans[2 * i + 1]), undefined, skipped);
      if (row !== null) rows.push(row);
    }
    // Every record read before any is sent (an error of the page is its only answer), then sent in
    // parts: the core's thread takes a message in one go, and 500 rows took it 5–12 ms.
    for (let start = 0; start < rows.length || start === 0; start += ANSWER_ROWS) {
      const part = rows.slice(start, start + ANSWER_ROWS);
      // The packed records in one buffer, moved to the core's thread rather than copied.
      let total = 0;
      for (const r of part) total += r.raw!.length;
      const raws = new Uint8Array(total);
      const ends = new Int32Array(part.length);
      let at = 0;
      part.forEach((r, i) => {
        raws.set(r.raw!, at);
        at += r.raw!.length;
        ends[i] = at;
        delete r.raw;
      });
      const last = start + ANSWER_ROWS >= rows.length;
      const answer: ReadAnswer = { id: m.id, rows: part, raws, ends, last, ...(last && skipped.length > 0 ? { skipped } : {}) };
      port.postMessage(answer, [raws.buffer, ends.buffer]);
    }
  } catch (e) {
    const error: AppErrorShape = errorShape(e);
    const answer: ReadAnswer = { id: m.id, error };
    port.postMessage(answer);
  }
});
