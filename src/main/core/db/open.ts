import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { Migration } from './migration';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path of the compiled better-sqlite3 addon; the Electron host passes its Electron-ABI build. */
  nativeBinding?: string;
  /** Workspaces: check one up to this size when it opens (workspace.ts, QUICK_CHECK_MAX_BYTES; tests set 0 to skip). */
  quickCheckMaxBytes?: number;
}

/**
 * Opens a database file, sets the pragmas and brings the schema up to date.
 *
 * WAL lets readers (lookups) run while a sync writes. synchronous=FULL makes each commit durable
 * against power loss too, not only against a killed process: a scan is acknowledged to the worker
 * only after its commit, so the commit must survive the PC being switched off. The fsync this costs
 * is measured by test/bench/scan-path.bench.ts.
 */
export function openDatabase(file: string, migrations: readonly Migration[], options: OpenOptions = {}): Db {
  const existed = file !== ':memory:' && existsSync(file);
  if (!existed) ownerOnly(file);
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    // Before anything is written (WAL, a migration, even the file's mode): a file of another
    // program in our place is refused as it is (issue 47, item 12: it was switched to WAL, then
    // refused with "internal: table packages already exists").
    if (existed) refuseForeign(db, file);
    if (existed) ownerOnly(file);
    db.pragma('journal_mode = WAL');
    for (const extra of [`${file}-wal`, `${file}-shm`]) if (existsSync(extra)) ownerOnly(extra);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    immediateTransactions(db);
    migrate(db, migrations);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * A database this app never wrote: no schema version of ours (user_version 0) but tables, views or
 * indexes of its own. Reading these pragmas changes nothing in the file.
 */
function refuseForeign(db: Db, file: string): void {
  if (schemaVersion(db) !== 0) return;
  const objects = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").get() as { n: number }).n;
  if (objects === 0) return;
  throw new AppError(
    'unavailable',
    `${file} is not a database of this app (it holds ${objects} objects of another program); it was left as it is`,
    {
      reason: 'foreign_database',
      file,
    },
  );
}

/**
 * Makes `db.transaction(fn)()` begin IMMEDIATE. The app and the CLI share a data directory: a
 * deferred transaction reads first and asks for the write lock later, and when another process
 * committed in between SQLite refuses it at once (SQLITE_BUSY_SNAPSHOT) — busy_timeout never
 * applies. Taking the write lock at BEGIN makes the second writer wait its turn instead. Nested
 * calls still become savepoints; `.deferred` remains for the rare read-only transaction.
 */
function immediateTransactions(db: Db): void {
  const original = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const t = original(fn);
    const run = (...args: unknown[]) => t.immediate(...args);
    // The typings declare these as methods; better-sqlite3 makes them standalone closures (`this` only passes through to fn).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    return Object.assign(run, { default: t.immediate, deferred: t.deferred, immediate: t.immediate, exclusive: t.exclusive });
  }) as typeof db.transaction;
}

/**
 * The databases hold customers' names and addresses: readable and writable by the owner only
 * (0600), also when the file already exists with looser modes. SQLite gives its -wal and -shm files
 * the database file's mode. Windows has no POSIX modes (the profile folder is per user there).
 */
function ownerOnly(file: string): void {
  if (process.platform === 'win32' || file === ':memory:') return;
  // Never open and close a file SQLite may hold open: closing any descriptor of a file drops every
  // POSIX lock this process holds on it, and another process (the CLI, the app) then takes the
  // -shm for unused, resets it, and the first one dies with SIGBUS. chmod needs no descriptor.
  if (existsSync(file)) chmodSync(file, 0o600);
  else closeSync(openSync(file, 'a', 0o600));
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs every migration above the file's user_version, each in its own transaction (versions rise, may skip). */
export function migrate(db: Db, migrations: readonly Migration[]): void {
  const latest = migrations.at(-1)?.version ?? 0;
  migrations.forEach((m, i) => {
    const before = i === 0 ? 0 : migrations[i - 1]!.version;
    if (m.version <= before) throw new Error(`migration ${m.name} has version ${m.version}, expected more than ${before}`);
  });
  const current = schemaVersion(db);
  if (current > latest) {
    throw new AppError(
      'unavailable',
      `database ${db.name} has schema version ${current}, this app knows up to ${latest}; install the newer app version`,
      { reason: 'newer_database', version: current, latest },
    );
  }
  for (const m of migrations.filter((m) => m.version > current)) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
