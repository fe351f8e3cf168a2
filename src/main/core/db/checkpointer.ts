import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { nodeWorkerThreads } from '../builtins';
import type { Db } from './open';

/**
 * Checkpoints of a workspace's write-ahead log, run by a worker thread with its own connection
 * instead of by whichever commit crosses SQLite's threshold on the core's thread.
 *
 * Why: a checkpoint copies the log into the database file and waits for the disk twice. During a
 * sync the log grows by about a thousand pages a commit, so nearly every commit of a sync slice
 * (or a scan's commit right after one) also ran a checkpoint: 20–80 ms on the core's thread, the
 * longest pauses a scan waited behind, and about a quarter of the system time of a first sync.
 * WAL lets another connection checkpoint while this one writes (PASSIVE: it never waits for, nor
 * blocks, readers or writers).
 *
 * Only once the worker has opened the database does the core's connection stop checkpointing
 * (wal_autocheckpoint = 0); if the worker cannot start or dies, SQLite's automatic checkpoints
 * come back (wal_autocheckpoint = 1000), so the log never grows without bound.
 */
export const CHECKPOINT_EVERY_MS = 200;
/**
 * A log longer than this many frames (pages of 4 KB: 64 MB) makes the sync wait for a checkpoint
 * that copies all of it (catchUp), so that its next commit starts the log from its beginning again.
 */
export const LOG_LIMIT_FRAMES = 16_384;
/** How long catchUp waits for a checkpoint to answer before the caller goes on anyway. */
const CATCH_UP_WAIT_MS = 5000;
/** How long closing waits for the worker to close its connection (a checkpoint in flight, its start). */
const CLOSE_WAIT_MS = 3000;
/** SQLite's default: the core's own connection checkpoints once the log holds this many pages. */
const AUTOCHECKPOINT_PAGES = 1000;

/** The worker's whole program (plain CommonJS: nothing to bundle, the same in every host). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
// Never creates the file: the core's connection made it; gone means the workspace was closed.
const db = new Database(workerData.file, { fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
db.pragma('busy_timeout = 0');
// A checkpoint copies frames without the page cache: keep this connection's cache small.
db.pragma('cache_size = -256');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    Atomics.store(workerData.closed, 0, 1);
    Atomics.notify(workerData.closed, 0);
    parentPort.close();
    return;
  }
  let answer;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    answer = { log: r.log, checkpointed: r.checkpointed };
  } catch (e) {
    answer = { error: String((e && e.message) || e) };
  }
  parentPort.postMessage(answer);
});
parentPort.postMessage('ready');
`;

export interface CheckpointerOptions {
  nativeBinding?: string;
  /** The better-sqlite3 module the worker loads (tests point it elsewhere to see the fallback). */
  module?: string;
  /** Told about a checkpoint the worker could not run, and when the worker stops. */
  log?: (message: string) => void;
}

export interface Checkpointer {
  /** Whether the worker runs the checkpoints now (false: SQLite's automatic ones do). */
  readonly active: boolean;
  /** Resolves once it is known who checkpoints: true the worker, false SQLite on the core's thread. */
  readonly ready: Promise<boolean>;
  /** Frames copied into the database by the worker so far. */
  readonly checkpointed: number;
  /** Frames in the log when the last checkpoint began (0 after catchUp: the next commit starts the log again). */
  readonly frames: number;
  /**
   * Runs a checkpoint that begins after the caller's last commit (after the one in flight, if
   * any) and resolves to whether it copied the whole log. Why: SQLite starts the log from its
   * beginning again only at a commit that finds all of it copied and no checkpoint running; while
   * a sync commits every few milliseconds that never happened, and the log grew without end (9.2 GB
   * for a first sync of 100,000 packages). The sync calls this when the log is long and commits
   * nothing until it resolves.
   */
  catchUp(): Promise<boolean>;
  /** Resolves after the worker's next checkpoint (tests). */
  next(): Promise<void>;
  close(): void;
}

export function startCheckpointer(db: Db, file: string, opts: CheckpointerOptions = {}): Checkpointer {
  let active = false;
  let closed = false;
  let busy = false;
  let checkpointed = 0;
  let frames = 0;
  let copiedAll = false;
  /** A checkpoint asked for by catchUp, sent as soon as the one in flight answers. */
  let wanted = false;
  let waiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let settle: (worker: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (settle = resolve));
  const automatic = () => {
    active = false;
    settle(false);
    if (timer) clearInterval(timer);
    timer = null;
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    for (const w of waiters) w();
    waiters = [];
  };
  // Set to 1 by the worker once its connection is closed (close() waits for it).
  const closedFlag = new Int32Array(new SharedArrayBuffer(4));
  let exited = false;
  let worker: Worker;
  try {
    worker = new (nodeWorkerThreads().Worker)(WORKER_SOURCE, {
      eval: true,
      // It only loads better-sqlite3 and sends pragmas: a small heap keeps its share of memory small.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2, codeRangeSizeMb: 8, stackSizeMb: 1 },
      workerData: {
        module: opts.module ?? createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        nativeBinding: opts.nativeBinding,
        closed: closedFlag,
      },
    });
  } catch (e) {
    opts.log?.(`checkpoints stay on the core's thread: ${e instanceof Error ? e.message : String(e)}`);
    return {
      active: false,
      ready: Promise.resolve(false),
      checkpointed: 0,
      frames: 0,
      catchUp: () => Promise.resolve(false),
      next: () => Promise.resolve(),
      close: () => undefined,
    };
  }
  worker.unref();
  worker.on('message', (m: 'ready' | { log: number; checkpointed: number } | { error: string }) => {
    if (m === 'ready') {
      if (closed || !db.open) return;
      db.pragma('wal_autocheckpoint = 0');
      active = true;
      settle(true);
      timer = setInterval(() => {
        if (busy || closed) return;
        busy = true;
        worker.postMessage('checkpoint');
      }, CHECKPOINT_EVERY_MS);
      timer.unref();
      return;
    }
    busy = false;
    copiedAll = false;
    if ('error' in m) opts.log?.(`checkpoint: ${m.error}`);
    else {
      checkpointed += m.checkpointed;
      // `log` is the log's length when this checkpoint began; commits made while it ran are not in it.
      frames = m.log;
      copiedAll = m.checkpointed === m.log;
    }
    for (const w of waiters) w();
    waiters = [];
    if (wanted && !closed) {
      wanted = false;
      busy = true;
      worker.postMessage('checkpoint');
    }
  });
  worker.on('error', (e) => {
    exited = true;
    if (!closed) opts.log?.(`checkpoint worker stopped, checkpoints are back on the core's thread: ${e.message}`);
    automatic();
  });
  worker.on('exit', () => {
    exited = true;
    if (!closed) automatic();
  });
  return {
    get active() {
      return active;
    },
    ready,
    get checkpointed() {
      return checkpointed;
    },
    get frames() {
      return frames;
    },
    async catchUp() {
      if (!active) return false;
      // A checkpoint that does not answer in time (a disk that stalls) does not hold the sync.
      const answered = () =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), CATCH_UP_WAIT_MS);
          waiters.push(() => {
            clearTimeout(timer);
            resolve(true);
          });
        });
      // A checkpoint in flight began before the caller's last commit and cannot copy it: the one
      // after it can (the caller commits nothing until this resolves).
      if (busy) {
        wanted = true;
        if (!(await answered()) || !active) return false;
      } else {
        busy = true;
        worker.postMessage('checkpoint');
      }
      if (!(await answered()) || !active || !copiedAll) return false;
      // Copied whole: the next commit starts the log from its beginning (unless another commit
      // came first; the next checkpoint then says how long the log is).
      frames = 0;
      return true;
    },
    next: () => (active ? new Promise<void>((resolve) => waiters.push(resolve)) : Promise.resolve()),
    /**
     * Closes the worker's connection before returning (so the workspace file can be moved,
     * deleted or reopened right after): waits for its checkpoint in flight, at most CLOSE_WAIT_MS,
     * then stops it.
     */
    close() {
      if (closed) return;
      closed = true;
      automatic();
      if (exited) return;
      worker.postMessage('close');
      if (Atomics.wait(closedFlag, 0, 0, CLOSE_WAIT_MS) === 'timed-out') void worker.terminate();
    },
  };
}
