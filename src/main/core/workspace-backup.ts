import { chmodSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { nodeWorkerThreads } from './builtins';
import { join } from 'node:path';
import { localDay, systemTimeZone } from '../../shared/domain/time';
import type { Db } from './db/open';
import { ensurePrivateDir } from './paths';
import type { Workspace } from './workspace';

/**
 * In the copy, the writes not yet sent when it was taken wait for a person (refused, reason
 * 'from_backup'): a restored backup sent them again on its own, and an old count overwrote the
 * newer one sent after the copy was taken. Sent again only when a person says so, with the same
 * idempotency keys; or cancelled.
 */
/** What holdUnsentInCopy runs on the copy's outbox (also in the backup's worker, on the copy itself). */
const HOLD_UNSENT_SQL = `UPDATE outbox SET state = 'failed', next_attempt_at = 0, updated_at = @since,
     last_error = json_object('code', 'service_error',
       'message', 'not sent when the backup of ' || @since || ' was taken: it may have been sent since; check it before sending',
       'params', json_object('reason', 'from_backup', 'since', @since))
   WHERE state IN ('pending', 'sending')`;

function holdUnsentInCopy(db: Db, copy: string, now: Date): void {
  db.prepare('ATTACH DATABASE ? AS copy').run(copy);
  try {
    db.prepare(HOLD_UNSENT_SQL.replace('UPDATE outbox', 'UPDATE copy.outbox')).run({ since: now.toISOString() });
  } finally {
    db.prepare('DETACH DATABASE copy').run();
  }
}

/** Backups kept per workspace. */
export const BACKUPS_KEPT = 7;

/**
 * The backup's work on a thread of its own, with its own connection (plain CommonJS: nothing to
 * bundle, the same in every host, as the checkpointer's worker): `VACUUM INTO` reads every page of
 * the workspace, 1.1-1.4 s at 120,000 packages and 2.7-2.9 s at 300,000 (issue 49), during which
 * the core's thread answered nothing, scans included. In WAL the copy is a consistent snapshot
 * while the core goes on writing. Then the copy's unsent writes are held (holdUnsentInCopy).
 */
const WORKER_SOURCE = `
const { parentPort, workerData: w } = require('node:worker_threads');
let Database = null;
try {
  Database = require(w.module);
} catch (e) {
  parentPort.postMessage({ ok: false, unloaded: true, message: String((e && e.message) || e) });
}
if (Database) {
  try {
    const opts = { fileMustExist: true, ...(w.nativeBinding ? { nativeBinding: w.nativeBinding } : {}) };
    const db = new Database(w.file, opts);
    db.pragma('busy_timeout = 5000');
    try {
      db.prepare('VACUUM INTO ?').run(w.target);
    } finally {
      db.close();
    }
    const copy = new Database(w.target, opts);
    try {
      copy.prepare(w.hold).run({ since: w.since });
    } finally {
      copy.close();
    }
    parentPort.postMessage({ ok: true });
  } catch (e) {
    parentPort.postMessage({ ok: false, message: String((e && e.message) || e), code: e && e.code });
  }
}
`;

export interface BackupOptions {
  /** The better-sqlite3 module the worker loads; a path that does not load makes the copy on the core's thread. */
  module?: string;
  nativeBinding?: string;
}

/**
 * A daily copy of a workspace: `VACUUM INTO <data dir>/backups/<profile>/<profile>-YYYY-MM-DD.db`
 * (a consistent snapshot taken while the app runs), once a day, the last 7 kept, made off the
 * core's thread (WORKER_SOURCE; on it only when no worker can start). Resolves to the file
 * written, or null when today's copy exists already. Restore: see README (Backups).
 */
export async function backupWorkspace(
  dataDir: string,
  ws: Workspace,
  now = new Date(ws.clock.now()),
  opts: BackupOptions = {},
): Promise<string | null> {
  const dir = join(dataDir, 'backups', ws.profile.id);
  ensurePrivateDir(dir);
  // Named by the day on this computer's clock (a copy taken at 01:00 in Istanbul is of that day).
  const target = join(dir, `${ws.profile.id}-${localDay(now.getTime(), systemTimeZone())}.db`);
  if (existsSync(target)) return null;
  const part = `${target}.part`;
  rmSync(part, { force: true });
  const offThread = await copyOffThread(ws.file, part, now, opts);
  if (!offThread) {
    ws.db.prepare('VACUUM INTO ?').run(part);
    holdUnsentInCopy(ws.db, part, now);
  }
  // Customers' names and addresses: owner only, like the workspace itself.
  if (process.platform !== 'win32') chmodSync(part, 0o600);
  renameSync(part, target);
  const all = readdirSync(dir)
    .filter((f) => /^.+-\d{4}-\d{2}-\d{2}\.db$/.test(f))
    .sort();
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT))) rmSync(join(dir, old), { force: true });
  return target;
}

/**
 * Makes the copy on a worker thread; false when no worker could run it (the caller makes it on the
 * core's thread). An error of the copy itself (damage it met, a full disk) is thrown as SQLite's
 * (its code kept: the caller sets a damaged workspace aside).
 */
function copyOffThread(file: string, target: string, now: Date, opts: BackupOptions): Promise<boolean> {
  let module: string;
  try {
    module = opts.module ?? createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new (nodeWorkerThreads().Worker)(WORKER_SOURCE, {
        eval: true,
        workerData: { module, file, target, nativeBinding: opts.nativeBinding, since: now.toISOString(), hold: HOLD_UNSENT_SQL },
      });
    } catch {
      resolve(false);
      return;
    }
    let answered = false;
    worker.once('message', (m: { ok: boolean; unloaded?: boolean; message?: string; code?: string }) => {
      answered = true;
      if (m.ok) resolve(true);
      // A worker that could not load SQLite: the core's thread makes the copy.
      else if (m.unloaded) resolve(false);
      else reject(Object.assign(new Error(m.message ?? 'the backup failed'), m.code ? { code: m.code } : {}));
      void worker.terminate();
    });
    worker.once('error', () => {
      if (!answered) resolve(false);
    });
    worker.once('exit', () => {
      if (!answered) resolve(false);
    });
  });
}
